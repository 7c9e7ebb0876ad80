// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { requestConditions } from './request-conditions.js';
import type { Identity } from './types.js';

function conditionsOf(identity: Identity, conditions: Record<string, string[]> = {}) {
  return requestConditions({ identity, action: 's3:GetObject', conditions });
}

describe('requestConditions', () => {
  const user: Identity = { kind: 'user', accessKey: 'alice', parentUser: 'alice' };

  it("answers the request's own keys case-insensitively, before anything derived", () => {
    const c = conditionsOf(user, { 's3:Prefix': ['home/'], 'aws:username': ['spoofed'] });
    expect(c.get('s3:prefix')).toEqual(['home/']);
    expect(c.get('aws:username')).toEqual(['spoofed']);
    expect(c.get('s3:delimiter')).toBeUndefined();
  });

  it('derives user name and principal type from the identity', () => {
    const sa: Identity = { kind: 'service-account', accessKey: 'sa', parentUser: 'alice' };
    expect(conditionsOf(sa).get('aws:username')).toEqual(['alice']);
    expect(conditionsOf(sa).get('aws:userid')).toEqual(['alice']);
    expect(conditionsOf(sa).get('aws:principaltype')).toEqual(['User']);
    expect(conditionsOf(user).get('aws:principaltype')).toEqual(['User']);
    expect(conditionsOf({ kind: 'root', accessKey: 'r', parentUser: 'r' }).get('aws:principaltype')).toEqual([
      'Account',
    ]);
    expect(
      conditionsOf({ kind: 'sts', accessKey: 's', parentUser: 'alice' }).get('aws:principaltype'),
    ).toEqual(['AssumedRole']);
    const anonymous: Identity = { kind: 'anonymous', accessKey: '', parentUser: '' };
    expect(conditionsOf(anonymous).get('aws:principaltype')).toEqual(['Anonymous']);
    expect(conditionsOf(anonymous).get('aws:username')).toBeUndefined();
  });

  it('gives the current time', () => {
    const before = Math.floor(Date.now() / 1000);
    const [epoch] = conditionsOf(user).get('aws:epochtime') ?? [];
    expect(Number(epoch)).toBeGreaterThanOrEqual(before);
    const [iso] = conditionsOf(user).get('aws:currenttime') ?? [];
    expect(Number.isNaN(Date.parse(iso ?? ''))).toBe(false);
  });

  it('answers claims by full key, and jwt:* by the bare claim name', () => {
    const sts: Identity = {
      kind: 'sts',
      accessKey: 's',
      parentUser: 'sub-1',
      claims: { preferred_username: 'alice', 'ldap:username': 'alice-ldap' },
    };
    const c = conditionsOf(sts);
    expect(c.get('jwt:preferred_username')).toEqual(['alice']);
    expect(c.get('ldap:username')).toEqual(['alice-ldap']);
    expect(c.get('ldap:preferred_username')).toBeUndefined();
    expect(conditionsOf(user).get('jwt:sub')).toBeUndefined();
  });
});
