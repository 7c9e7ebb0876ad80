// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { COMMENT_KEY, optionalKey } from './keys.js';
import { httpUrl } from './webhook-keys.js';

/** MinIO allows only base64url characters in a role id (they end up in the role ARN). */
const ROLE_ID = /^[A-Za-z0-9_-]+$/;

/**
 * `identity_plugin`: MinIO's Identity Management Plugin. STS AssumeRoleWithCustomToken sends the caller's
 * opaque token to the hook at `url`; the hook names the user, and the credentials carry `role_policy`.
 * Read by the STS on each request (sts/assume-role-with-custom-token.ts), so a saved change applies at once.
 * Keys, help and environment names (`MINIO_IDENTITY_PLUGIN_<KEY>`) are MinIO's.
 */
export const identityPlugin: ConfigSetDef = {
  subSys: 'identity_plugin',
  description: 'enable Identity Plugin via external hook',
  multipleTargets: false,
  apply: 'dynamic',
  keys: [
    {
      key: 'url',
      type: 'url',
      description: 'plugin hook endpoint (HTTP(S)) e.g. "http://localhost:8181/path/to/endpoint"',
      optional: false,
      default: '',
      validate: httpUrl,
    },
    optionalKey('auth_token', 'string', 'authorization token for plugin hook endpoint', '', true),
    {
      key: 'role_policy',
      type: 'string',
      description: 'policies to apply for plugin authorized users',
      optional: false,
      default: '',
    },
    {
      ...optionalKey('role_id', 'string', 'unique ID to generate the ARN'),
      validate: (v) => (ROLE_ID.test(v) ? undefined : 'Role ID must match the regexp `^[a-zA-Z0-9_-]+$`'),
    },
    COMMENT_KEY,
  ],
  validate: (kv) =>
    (kv.values.url ?? '') !== '' && (kv.values.role_policy ?? '').trim() === ''
      ? 'A role policy must be specified for Identity Management Plugin (role_policy)'
      : undefined,
};
