// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSession, type SessionPayload, sealSession } from './session-cookie.js';

const payload: SessionPayload = {
  accessKey: 'AKIAEXAMPLE000000000',
  secretKey: 'secret/with+chars=',
  sessionToken: 'eyJhbGciOiJIUzUxMiJ9.e30.sig',
  expiresAt: 1_900_000_000_000,
  accountName: 'alice',
  builtinUser: true,
};

describe('session cookie', () => {
  const key = randomBytes(32);

  it('round-trips and never shows the secret in clear', () => {
    const sealed = sealSession(payload, key);
    expect(sealed).not.toContain('secret');
    expect(openSession(sealed, key)).toEqual(payload);
    expect(sealSession(payload, key)).not.toBe(sealed); // fresh IV each time
  });

  it('refuses another key, tampering and garbage', () => {
    const sealed = sealSession(payload, key);
    expect(openSession(sealed, randomBytes(32))).toBeNull();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    expect(openSession(bytes.toString('base64url'), key)).toBeNull();
    expect(openSession('not-a-cookie', key)).toBeNull();
    expect(openSession('', key)).toBeNull();
  });
});
