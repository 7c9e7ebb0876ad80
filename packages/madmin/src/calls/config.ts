// SPDX-License-Identifier: Apache-2.0
// Admin API: configuration key/values (PROTOCOL-NOTES §2; madmin-go config-kv-commands.go,
// config-help-commands.go).
import { type AdminTransport, parseJson, requireArg } from '../transport.js';
import {
  type ConfigHelp,
  type ConfigSetResult,
  configHelpSchema,
  type IdentityConfigCheckRequest,
  type IdentityConfigCheckResponse,
  identityConfigCheckResponseSchema,
} from '../types/config.js';

export const CONFIG_APPLIED_HEADER = 'x-minio-config-applied';

/**
 * `GET /get-config-kv?key=subsys[:target]` → **E** text, e.g. `identity_openid client_id=x` with env
 * overrides as preceding `# MINIO_...=...` comment lines.
 */
export async function getConfigKV(t: AdminTransport, key: string): Promise<string> {
  const raw = await t.bytes(
    { method: 'GET', path: '/get-config-kv', query: { key: requireArg(key, 'key') } },
    { decrypt: true },
  );
  return raw.toString('utf8');
}

/** `PUT /set-config-kv` with **E** text `subsys[:target] k=v k2="a b"`. */
export async function setConfigKV(t: AdminTransport, kv: string): Promise<ConfigSetResult> {
  const res = await t.empty({
    method: 'PUT',
    path: '/set-config-kv',
    body: requireArg(kv, 'kv'),
    encrypt: true,
  });
  return { restartRequired: res.headers.get(CONFIG_APPLIED_HEADER) !== 'true' };
}

/** `DELETE /del-config-kv` with **E** text `subsys[:target]` (resets it to defaults). */
export async function delConfigKV(t: AdminTransport, key: string): Promise<ConfigSetResult> {
  const res = await t.empty({
    method: 'DELETE',
    path: '/del-config-kv',
    body: requireArg(key, 'key'),
    encrypt: true,
  });
  return { restartRequired: res.headers.get(CONFIG_APPLIED_HEADER) !== 'true' };
}

/**
 * `GET /help-config-kv?subSys=&key=[&env]`: one set's keys (one key with `key`; named by their
 * environment variables with `envOnly`), or with `subSys` '' every set as a key.
 */
export async function helpConfigKV(
  t: AdminTransport,
  subSys: string,
  key = '',
  envOnly = false,
): Promise<ConfigHelp> {
  return t.json(configHelpSchema, {
    method: 'GET',
    path: '/help-config-kv',
    query: { subSys, key, ...(envOnly ? { env: '' } : {}) },
  });
}

/** `GET /config` → **E** the whole configuration as text (`mc admin config export`). */
export async function getConfig(t: AdminTransport): Promise<string> {
  const raw = await t.bytes({ method: 'GET', path: '/config' }, { decrypt: true });
  return raw.toString('utf8');
}

/** madmin-go's limit for an imported configuration (maxConfigJSONSize). */
export const MAX_CONFIG_SIZE = 256 * 1024;

/** `PUT /config` with **E** text: replaces the whole configuration (`mc admin config import`). */
export async function setConfig(t: AdminTransport, config: string): Promise<void> {
  if (Buffer.byteLength(config, 'utf8') > MAX_CONFIG_SIZE) {
    throw new RangeError(`the configuration exceeds ${MAX_CONFIG_SIZE} bytes`);
  }
  await t.empty({ method: 'PUT', path: '/config', body: config, encrypt: true });
}

/** `POST /idp/config/check` **E** (Stowage's store only): tries identity_openid / identity_ldap values. */
export async function checkIdentityConfig(
  t: AdminTransport,
  req: IdentityConfigCheckRequest,
): Promise<IdentityConfigCheckResponse> {
  const raw = await t.bytes(
    { method: 'POST', path: '/idp/config/check', body: JSON.stringify(req), encrypt: true },
    { decrypt: true },
  );
  return parseJson(identityConfigCheckResponseSchema, raw, 'identity config check');
}
