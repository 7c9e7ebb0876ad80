// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SecretTools } from '../config/secrets.js';
import { readJson } from './local/files.js';

/**
 * The operator token (issue 33, spec's JWT sign-in): generated on first start, kept in the data folder
 * (`.console/operator-token.json`, mode 0600), printed as `OperatorToken: <token>`.
 */
export async function loadOrCreateOperatorToken(
  dataDir: string,
  tools: Pick<SecretTools, 'writeFileAtomic'>,
): Promise<{ token: string; generated: boolean }> {
  const file = path.join(dataDir, '.console', 'operator-token.json');
  const saved = await readJson<{ token: string }>(file);
  if (saved && typeof saved.token === 'string' && saved.token.length >= 32)
    return { token: saved.token, generated: false };
  const token = randomBytes(32).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await tools.writeFileAtomic(file, `${JSON.stringify({ token }, null, 2)}\n`);
  return { token, generated: true };
}

/** Compares a presented token with the operator's in constant time. */
export function operatorTokenMatches(presented: string, token: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}
