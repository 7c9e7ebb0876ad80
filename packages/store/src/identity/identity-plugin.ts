// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import { type PluginHook, PluginHookError, pluginHook, postToHook } from './plugin-hook.js';

/** The bounds MinIO puts on the hook's `maxValiditySeconds` (15 minutes to 365 days). */
export const MIN_VALIDITY_SECONDS = 900;
export const MAX_VALIDITY_SECONDS = 365 * 24 * 3600;

/** The `identity_plugin` set in effect, as the STS uses it. */
export interface IdentityPluginSettings {
  readonly hook: PluginHook;
  /** The canned policies plugin-authorized credentials get (`role_policy`, comma separated). */
  readonly rolePolicy: string[];
  /** The one role ARN AssumeRoleWithCustomToken accepts. */
  readonly roleArn: string;
}

/**
 * MinIO's role ARN for the plugin: `arn:minio:iam:<region>::role/idmp-<id>`, the id being `role_id`, or
 * else the base64url SHA-1 of the hook URL (so the ARN stays the same across restarts).
 */
export function identityPluginRoleArn(url: string, roleId: string, region: string): string {
  const id = roleId !== '' ? roleId : createHash('sha1').update(url).digest('base64url');
  return `arn:minio:iam:${region}::role/idmp-${id}`;
}

export function identityPluginSettings(v: {
  url: string;
  authToken: string;
  rolePolicy: string;
  roleId: string;
  region: string;
}): IdentityPluginSettings {
  return {
    hook: pluginHook('identity plugin', v.url, v.authToken),
    rolePolicy: v.rolePolicy
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== ''),
    roleArn: identityPluginRoleArn(v.url, v.roleId, v.region),
  };
}

/** The hook's verdict on a token: who it is (200), or why not (403 `{reason}`). */
export type CustomTokenVerdict =
  | { ok: true; user: string; maxValiditySeconds: number; claims: Record<string, unknown> }
  | { ok: false; reason: string };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Asks the identity plugin about a custom token: `POST <url>?token=<token>` with the auth token as the
 * `Authorization` header (MinIO's identity management plugin protocol). 200 must carry `{user,
 * maxValiditySeconds, claims}` with a validity within MinIO's bounds; 403 carries `{reason}`; anything
 * else, or no answer in time, is a {@link PluginHookError}.
 */
export async function authenticateCustomToken(
  s: IdentityPluginSettings,
  token: string,
): Promise<CustomTokenVerdict> {
  const { status, json } = await postToHook(s.hook, { query: { token } });
  if (status === 403) {
    const reason = isObject(json) && typeof json.reason === 'string' ? json.reason : '';
    return { ok: false, reason: reason || 'the identity plugin refused the token' };
  }
  if (status !== 200) throw new PluginHookError(`Invalid status code ${status} from auth plugin`);
  if (!isObject(json)) throw new PluginHookError('the identity plugin answered 200 without a JSON object');
  const seconds = json.maxValiditySeconds;
  if (
    typeof seconds !== 'number' ||
    !Number.isInteger(seconds) ||
    seconds < MIN_VALIDITY_SECONDS ||
    seconds > MAX_VALIDITY_SECONDS
  ) {
    throw new PluginHookError(
      `Plugin returned an invalid validity duration (${String(seconds)}) - should be between ${MIN_VALIDITY_SECONDS} and ${MAX_VALIDITY_SECONDS}`,
    );
  }
  return {
    ok: true,
    user: typeof json.user === 'string' ? json.user : '',
    maxValiditySeconds: seconds,
    claims: isObject(json.claims) ? json.claims : {},
  };
}
