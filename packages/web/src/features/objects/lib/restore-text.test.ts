// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { restoreText } from './restore-text';

describe('restore state in words (issue 19)', () => {
  it('in progress, a copy until a date, or nothing', () => {
    expect(restoreText(undefined)).toBe('');
    expect(restoreText('ongoing-request="true"')).toBe('restore in progress');
    expect(restoreText('ongoing-request="false", expiry-date="Mon, 30 Nov 2026 00:00:00 GMT"')).toMatch(
      /^restored until .*2026/,
    );
    expect(restoreText('ongoing-request="false", expiry-date="garbage"')).toBe('restored until -');
  });
});
