// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { summarizePolicy } from './summarize-policy';

describe('policy summary (spec 2 §2 Summary tab)', () => {
  it('lists each statement with effect, actions and resources, strings or lists alike', () => {
    const text = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: 's3:GetObject', Resource: ['arn:aws:s3:::a/*', 'arn:aws:s3:::b/*'] },
        { Effect: 'Deny', NotAction: ['s3:ListBucket'], Resource: 'arn:aws:s3:::c' },
        { Effect: 'Allow', Action: ['admin:*'] },
      ],
    });
    expect(summarizePolicy(text)).toEqual([
      { effect: 'Allow', actions: ['s3:GetObject'], resources: ['arn:aws:s3:::a/*', 'arn:aws:s3:::b/*'] },
      { effect: 'Deny', actions: ['not s3:ListBucket'], resources: ['arn:aws:s3:::c'] },
      { effect: 'Allow', actions: ['admin:*'], resources: [] },
    ]);
  });

  it('accepts a single statement object and answers null for text that is not a policy', () => {
    expect(summarizePolicy('{"Statement":{"Effect":"Allow","Action":"s3:*","Resource":"*"}}')).toEqual([
      { effect: 'Allow', actions: ['s3:*'], resources: ['*'] },
    ]);
    expect(summarizePolicy('{"Version":"2012-10-17"}')).toEqual([]);
    expect(summarizePolicy('{nope')).toBeNull();
    expect(summarizePolicy('42')).toBeNull();
  });
});
