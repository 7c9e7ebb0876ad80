// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { toApiError } from './error-handler.js';

describe('toApiError', () => {
  it('gives an unexpected failure a 500 whose detail says what failed', () => {
    const body = toApiError(new Error('Configured region us-east-1, requested eu-west-1')).toBody();
    expect(body.errorMessage).toBe('Internal server error');
    expect(body.detailedError).toBe('Configured region us-east-1, requested eu-west-1');
  });

  it('never answers an empty detail, also for a thrown value without a message', () => {
    for (const thrown of [new Error(''), 'text', 42, null]) {
      expect(toApiError(thrown).toBody().detailedError).not.toBe('');
    }
  });
});
