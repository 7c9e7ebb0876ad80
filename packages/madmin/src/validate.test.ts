// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { MadminError } from './errors.js';
import { parseJson } from './transport.js';
import { groupDescSchema } from './types/groups.js';
import { policyDocumentSchema } from './types/policies.js';
import { listUsersResponseSchema } from './types/users.js';
import { checkWire, parseAnswer } from './validate.js';

describe('wire schemas', () => {
  it('accept a matching answer and return it as it is, fields MinIO adds included', () => {
    const answer = { name: 'devs', status: 'enabled', members: null, policy: '', newField: { x: 1 } };
    expect(parseAnswer(groupDescSchema, answer, '/group')).toBe(answer);
    const doc = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: ['s3:*'] }] };
    expect(checkWire(policyDocumentSchema, doc)).toEqual({ ok: true, value: doc });
  });

  it('turn a mismatch into XMinioAdminBadResponse naming the call and the field', () => {
    const err = (() => {
      try {
        parseJson(listUsersResponseSchema, Buffer.from('{"alice":{"status":"on"}}'), '/list-users');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(MadminError);
    expect(err).toMatchObject({ code: 'XMinioAdminBadResponse', status: 200 });
    expect((err as MadminError).message).toMatch(/^unexpected answer to \/list-users: alice\.status: /);
  });

  it('name array positions and the root in a failed check', () => {
    const members = checkWire(groupDescSchema, { name: 'g', status: 's', members: ['a', 2], policy: '' });
    expect(members).toMatchObject({ ok: false, problem: expect.stringMatching(/^members\[1\]: /) });
    expect(checkWire(policyDocumentSchema, [])).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^\(the value\): /),
    });
  });
});
