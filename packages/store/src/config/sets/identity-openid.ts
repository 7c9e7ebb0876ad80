// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { COMMENT_KEY, optionalKey, requiredKey } from './keys.js';

/**
 * `identity_openid[:<name>]`: OpenID Connect providers for SSO, read by the STS on each request
 * (sts/identity-settings.ts), so a saved change applies at once. Several providers may be configured,
 * each as a named target.
 */
export const identityOpenid: ConfigSetDef = {
  subSys: 'identity_openid',
  description: 'enable OpenID SSO support',
  multipleTargets: true,
  apply: 'dynamic',
  keys: [
    optionalKey('display_name', 'string', 'Friendly display name for this Provider/App'),
    requiredKey(
      'config_url',
      'openid discovery document e.g. "https://accounts.google.com/.well-known/openid-configuration"',
      'url',
    ),
    requiredKey(
      'client_id',
      'unique public identifier for apps e.g. "292085223830.apps.googleusercontent.com"',
    ),
    requiredKey('client_secret', 'secret for the unique public identifier for apps', 'string', true),
    optionalKey(
      'role_policy',
      'string',
      'Set the IAM access policies applicable to this client application and IDP e.g. "app-bucket-write,app-bucket-list"',
    ),
    optionalKey('claim_name', 'string', 'JWT canned policy claim name', 'policy'),
    optionalKey(
      'scopes',
      'csv',
      'Comma separated list of OpenID scopes for server, defaults to advertised scopes from discovery document e.g. "email,admin"',
    ),
    optionalKey(
      'vendor',
      'string',
      'Specify vendor type for vendor specific behavior to checking validity of temporary credentials and service accounts on MinIO',
    ),
    optionalKey(
      'claim_userinfo',
      'on|off',
      'Enable fetching claims from UserInfo Endpoint for authenticated user',
      'off',
    ),
    optionalKey(
      'keycloak_realm',
      'string',
      "Specify Keycloak 'realm' name, only honored if vendor was set to 'keycloak' as value, if no realm is specified 'master' is default",
    ),
    optionalKey(
      'keycloak_admin_url',
      'string',
      "Specify Keycloak 'admin' REST API endpoint e.g. http://localhost:8080/auth/admin/",
    ),
    optionalKey('redirect_uri_dynamic', 'on|off', "Enable 'Host' header based dynamic redirect URI", 'off'),
    optionalKey(
      'claim_prefix',
      'string',
      `[DEPRECATED use 'claim_name'] JWT claim namespace prefix e.g. "customer1/"`,
    ),
    optionalKey(
      'redirect_uri',
      'string',
      "[DEPRECATED use env 'MINIO_BROWSER_REDIRECT_URL'] Configure custom redirect_uri for OpenID login flow callback",
    ),
    COMMENT_KEY,
  ],
};
