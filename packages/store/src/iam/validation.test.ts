// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { checkEntityName, checkPolicyName, parseIamPolicy, splitPolicyNames } from './validation.js';

describe('IAM validation', () => {
  it('rejects bad entity names with a message saying why', () => {
    expect(() => checkEntityName('group', '')).toThrow('group name must not be empty');
    expect(() => checkEntityName('group', 'x'.repeat(129))).toThrow('at most 128 characters');
    expect(() => checkEntityName('group', ' padded')).toThrow('must not begin or end with spaces');
    expect(() => checkEntityName('group', 'a\u0001b')).toThrow('must not contain control characters');
    expect(() => checkEntityName('group', 'devs & ops')).not.toThrow();
    expect(() => checkEntityName('group', '')).toThrow(
      expect.objectContaining({ code: 'XMinioAdminInvalidArgument' }),
    );
  });

  it('rejects commas in policy names only', () => {
    expect(() => checkPolicyName('a,b')).toThrow('policy name must not contain commas');
    expect(() => checkEntityName('group', 'a,b')).not.toThrow();
  });

  it('splits comma-joined policy lists without blanks or duplicates', () => {
    expect(splitPolicyNames(' readonly, ,diagnostics,readonly ')).toEqual(['readonly', 'diagnostics']);
    expect(splitPolicyNames('')).toEqual([]);
  });

  it('turns policy validation failures into XMinioMalformedIAMPolicy', () => {
    expect(() => parseIamPolicy('{"Version":"2012-10-17","Statement":[{"Effect":"Maybe"}]}')).toThrow(
      expect.objectContaining({ code: 'XMinioMalformedIAMPolicy' }),
    );
    const p = parseIamPolicy({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' }],
    });
    expect(p.raw.Version).toBe('2012-10-17');
  });
});
