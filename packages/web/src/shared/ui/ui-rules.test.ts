// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { loadingText, slowOperationText } from './loading-text';
import { autoHideMs, modalSnackbarText } from './snackbar-rules';

describe('loading message (spec 1 §4)', () => {
  it('changes after 3 s and counts seconds from 6 s', () => {
    expect(loadingText('Loading...', 0)).toBe('Loading...');
    expect(loadingText('Loading...', 2)).toBe('Loading...');
    expect(loadingText('Loading...', 3)).toBe(slowOperationText);
    expect(loadingText('Loading...', 5)).toBe(slowOperationText);
    expect(loadingText('Loading...', 6)).toBe(`${slowOperationText} (6s)`);
    expect(loadingText('Loading...', 42)).toBe(`${slowOperationText} (42s)`);
  });
});

describe('snackbars (spec 1 §8, §9)', () => {
  it('hide after 5 s, errors after 10 s', () => {
    expect(autoHideMs('message')).toBe(5000);
    expect(autoHideMs('error')).toBe(10_000);
  });

  it('the modal snackbar prefers a detailed message of at least 5 characters', () => {
    expect(modalSnackbarText({ message: 'Failed', detailedErrorMsg: 'bucket quota exceeded' })).toBe(
      'bucket quota exceeded',
    );
    expect(modalSnackbarText({ message: 'Failed', detailedErrorMsg: 'abcd' })).toBe('Failed');
    expect(modalSnackbarText({ message: 'Failed', detailedErrorMsg: undefined })).toBe('Failed');
  });
});
