// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { passwordTooShortMessage, policyJsonProblem } from './identity-rules.js';
import { createPolicyRequestSchema } from './policies.js';
import { createServiceAccountRequestSchema } from './service-accounts.js';
import { bulkAddUsersToGroupsRequestSchema, createUserRequestSchema } from './users.js';

describe('identity validation rules (spec 2 §5)', () => {
  it('needs secrets of at least 8 characters, with the spec message', () => {
    const r = createUserRequestSchema.safeParse({ accessKey: 'ann', secretKey: 'short' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(passwordTooShortMessage);
    expect(createUserRequestSchema.parse({ accessKey: 'ann', secretKey: '12345678' })).toEqual({
      accessKey: 'ann',
      secretKey: '12345678',
      groups: [],
      policies: [],
    });
    expect(createUserRequestSchema.safeParse({ accessKey: '   ', secretKey: '12345678' }).success).toBe(
      false,
    );
  });

  it('needs at least one group for the bulk add, with the spec message', () => {
    const r = bulkAddUsersToGroupsRequestSchema.safeParse({ groups: [], users: ['a'] });
    expect(r.error?.issues[0]?.message).toBe('You need to select at least one group to assign.');
  });

  it('checks that a policy is a JSON object; a service-account policy may be empty', () => {
    expect(policyJsonProblem('{"Version":"2012-10-17"}')).toBeNull();
    expect(policyJsonProblem('{"Version": ')).toMatch(/^The policy is not valid JSON/);
    expect(policyJsonProblem('[]')).toBe('The policy must be a JSON object');
    expect(policyJsonProblem('null')).toBe('The policy must be a JSON object');
    expect(createPolicyRequestSchema.safeParse({ name: ' ', policy: '{}' }).success).toBe(false);
    expect(createServiceAccountRequestSchema.safeParse({ policy: '' }).success).toBe(true);
    expect(createServiceAccountRequestSchema.safeParse({}).success).toBe(true);
    expect(createServiceAccountRequestSchema.safeParse({ policy: '{x' }).success).toBe(false);
  });
});
