// SPDX-License-Identifier: Apache-2.0
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** Name of the session cookie (the original console's name). */
export const SESSION_COOKIE = 'token';

/**
 * What the cookie carries: the STS credentials the store issued at sign-in (DESIGN "session": no
 * server-side session store). `expiresAt` is epoch milliseconds.
 */
export const sessionPayloadSchema = z.object({
  accessKey: z.string().min(1),
  secretKey: z.string().min(1),
  sessionToken: z.string(),
  expiresAt: z.number().int(),
  accountName: z.string(),
  /** A user of the store's IAM (not root, not SSO/LDAP): may change their password. Known at sign-in only. */
  builtinUser: z.boolean(),
  /**
   * The region the server asked requests to be signed for, learnt at sign-in when the console has no
   * region configured (absent in cookies sealed before it was kept: the configured region then applies).
   */
  region: z.string().optional(),
  /**
   * How the session signs: `sts` (temporary credentials from AssumeRole; also when absent) or `keys` (the
   * server offers no usable STS: the user's own keys, which never leave this encrypted cookie).
   */
  mode: z.enum(['sts', 'keys']).optional(),
  /**
   * What the server offers (`capabilityNames`), detected at sign-in (issue 24); absent in cookies sealed
   * before detection existed, which then get every page their policy allows.
   */
  caps: z.array(z.string()).optional(),
  /** The external identity provider the user signed in through (issue 23); absent for keys. */
  idp: z.enum(['openid', 'ldap']).optional(),
  /** Signed in with the operator token (issue 33): operator pages only, no storage credentials. */
  operator: z.boolean().optional(),
});
export type SessionPayload = z.infer<typeof sessionPayloadSchema>;

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds ciphertexts to this use, so a blob encrypted with the same key for another purpose is refused. */
const AAD = Buffer.from('stowage-console-session-v1');

/**
 * AES-256-GCM: `version[1] | iv[12] | ciphertext | tag[16]`, base64url. GCM authenticates, so a
 * tampered or foreign cookie fails to open instead of yielding other credentials.
 */
export function sealSession(payload: SessionPayload, key: Buffer): string {
  if (key.length !== 32) throw new Error('session key must be 32 bytes');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** Opens a sealed cookie; null when it is malformed, forged, sealed with another key or not a session. */
export function openSession(token: string, key: Buffer): SessionPayload | null {
  const raw = Buffer.from(token, 'base64url');
  if (raw.length < 1 + IV_BYTES + TAG_BYTES + 2 || raw[0] !== VERSION) return null;
  const iv = raw.subarray(1, 1 + IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const body = raw.subarray(1 + IV_BYTES, raw.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(AAD);
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    const parsed = sessionPayloadSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
