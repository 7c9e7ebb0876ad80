// SPDX-License-Identifier: Apache-2.0
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * STS session tokens are HS512 JWTs `{accessKey, exp, parent, sessionPolicy?}` like MinIO's
 * (PROTOCOL-NOTES §3): the console decodes them without verifying, so they must be JWTs. The signing key
 * is derived from the root secret, so changing the root password invalidates every session.
 */
export interface SessionClaims {
  accessKey: string;
  parent: string;
  /** Seconds since the epoch. */
  exp: number;
  /** base64 of the session policy JSON, when one narrows the session. */
  sessionPolicy?: string;
  [claim: string]: unknown;
}

export function deriveTokenKey(rootSecret: string): Uint8Array {
  return createHmac('sha256', rootSecret).update('stowage/sts/session-token/v1').digest();
}

export async function signSessionToken(key: Uint8Array, claims: SessionClaims): Promise<string> {
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(key);
}

/** Verifies signature and expiry; returns the claims or null. */
export async function verifySessionToken(key: Uint8Array, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS512'] });
    if (typeof payload.accessKey !== 'string' || typeof payload.parent !== 'string') return null;
    return payload as unknown as SessionClaims;
  } catch {
    return null;
  }
}
