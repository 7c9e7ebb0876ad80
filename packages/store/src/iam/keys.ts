// SPDX-License-Identifier: Apache-2.0
import { randomBytes, randomInt } from 'node:crypto';

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A generated access key: 20 characters of [A-Z0-9], as MinIO issues for service accounts and STS. */
export function generateAccessKey(): string {
  let s = '';
  for (let i = 0; i < 20; i++) s += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return s;
}

/** A generated secret key: 40 characters from 30 random bytes (base64 with `/` replaced, like MinIO). */
export function generateSecretKey(): string {
  return randomBytes(30).toString('base64').replaceAll('/', '+').slice(0, 40);
}

export const ACCESS_KEY_MIN = 3;
export const ACCESS_KEY_MAX = 128;
export const SECRET_KEY_MIN = 8;
export const SECRET_KEY_MAX = 1024;

/** Problems with an access key, or null when valid (MinIO: ≥ 3 characters, no surrounding spaces). */
export function accessKeyProblem(key: string): string | null {
  if (key.length < ACCESS_KEY_MIN) return `access key must be at least ${ACCESS_KEY_MIN} characters`;
  if (key.length > ACCESS_KEY_MAX) return `access key must be at most ${ACCESS_KEY_MAX} characters`;
  if (key.trim() !== key) return 'access key must not begin or end with spaces';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'access key must not contain control characters';
  return null;
}

/** Problems with a secret key, or null when valid (MinIO: ≥ 8 characters). */
export function secretKeyProblem(key: string): string | null {
  if (key.length < SECRET_KEY_MIN) return `secret key must be at least ${SECRET_KEY_MIN} characters`;
  if (key.length > SECRET_KEY_MAX) return `secret key must be at most ${SECRET_KEY_MAX} characters`;
  return null;
}
