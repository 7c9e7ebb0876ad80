// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { COMMENT_KEY, optionalKey } from './keys.js';
import { httpUrl } from './webhook-keys.js';

/**
 * `policy_plugin`: MinIO's Access Management Plugin. While `url` is set, the hook decides every
 * authenticated request except the root user's (iam/authorization.ts; wired in `policy-plugin-applier.ts`),
 * in place of the IAM policies; a hook that fails denies. Applies when saved. Keys, help and environment
 * names (`MINIO_POLICY_PLUGIN_<KEY>`) are MinIO's.
 */
export const policyPlugin: ConfigSetDef = {
  subSys: 'policy_plugin',
  description: 'enable Access Management Plugin for policy enforcement',
  multipleTargets: false,
  apply: 'dynamic',
  keys: [
    {
      key: 'url',
      type: 'url',
      description: 'plugin hook endpoint (HTTP(S)) e.g. "http://localhost:8181/v1/data/httpapi/authz/allow"',
      optional: false,
      default: '',
      validate: httpUrl,
    },
    optionalKey('auth_token', 'string', 'authorization header for plugin hook endpoint', '', true),
    optionalKey(
      'enable_http2',
      'on|off',
      'Enable experimental HTTP2 support to connect to plugin service',
      'off',
    ),
    COMMENT_KEY,
  ],
};
