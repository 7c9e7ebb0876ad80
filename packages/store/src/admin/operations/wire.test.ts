// SPDX-License-Identifier: Apache-2.0
import { groupAddRemoveSchema } from '@stowage/madmin';
import { describe, expect, it } from 'vitest';
import { S3Error } from '../../core/errors.js';
import { requestBody, storedQuota } from './wire.js';

describe('admin request bodies', () => {
  it('pass a body that matches its madmin schema through as it is', () => {
    const body = { group: 'devs', members: null, groupStatus: '', isRemove: false };
    expect(requestBody(groupAddRemoveSchema, body)).toBe(body);
  });

  it('answer XMinioAdminInvalidArgument naming the field otherwise', () => {
    const err = (() => {
      try {
        requestBody(groupAddRemoveSchema, { group: 'devs', members: ['alice', 7] });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(S3Error);
    expect(err).toMatchObject({ code: 'XMinioAdminInvalidArgument' });
    expect((err as S3Error).message).toMatch(/members\[1\]/);
  });

  it('read a stored quota, or null when there is none or it is not one', () => {
    expect(storedQuota(Buffer.from('{"quota":10,"quotatype":"hard"}'))).toEqual({
      quota: 10,
      quotatype: 'hard',
    });
    expect(storedQuota(null)).toBeNull();
    expect(storedQuota(Buffer.from('{"quota":"ten"}'))).toBeNull();
    expect(storedQuota(Buffer.from('{'))).toBeNull();
  });
});
