// SPDX-License-Identifier: Apache-2.0
import { configuredRegion } from '../config/region.js';
import type { ConfigService } from '../config/registry.js';
import { isOn } from '../config/registry.js';
import { type IdentityPluginSettings, identityPluginSettings } from '../identity/identity-plugin.js';
import type { LdapSettings } from '../identity/ldap.js';
import { claimList, type OpenIdSettings } from '../identity/openid.js';

/** Every configured `identity_openid` target (those with a `config_url`), in effect now. */
export function openIdSettings(config: ConfigService): OpenIdSettings[] {
  return config
    .targets('identity_openid')
    .filter((t) => (t.values.config_url ?? '') !== '')
    .map((t) => openIdFromValues(t.target, t.values));
}

/** One `identity_openid` target's values as the provider's settings. */
export function openIdFromValues(target: string, v: Readonly<Record<string, string>>): OpenIdSettings {
  return {
    name: target,
    configUrl: v.config_url ?? '',
    clientId: v.client_id ?? '',
    clientSecret: v.client_secret ?? '',
    claimName: `${v.claim_prefix ?? ''}${v.claim_name || 'policy'}`,
    rolePolicy: claimList(v.role_policy ?? ''),
    displayName: v.display_name ?? '',
    scopes: claimList(v.scopes ?? ''),
    redirectUri: v.redirect_uri ?? '',
  };
}

/** The `identity_tls` set in effect (AssumeRoleWithCertificate); off when the store lacks the set. */
export function tlsIdentitySettings(config: ConfigService): { enabled: boolean; skipVerify: boolean } {
  if (!config.sets.some((s) => s.subSys === 'identity_tls')) return { enabled: false, skipVerify: false };
  const v = config.get('identity_tls').values;
  return { enabled: isOn(v.enable), skipVerify: isOn(v.skip_verify) };
}

/** The `identity_ldap` set in effect, or null when no `server_addr` is configured. */
export function ldapSettings(config: ConfigService): LdapSettings | null {
  const v = config.get('identity_ldap').values;
  if ((v.server_addr ?? '') === '') return null;
  return ldapFromValues(v);
}

/** The `identity_ldap` values as the directory's settings. */
export function ldapFromValues(v: Readonly<Record<string, string>>): LdapSettings {
  const list = (s: string | undefined): string[] =>
    (s ?? '')
      .split(';')
      .map((x) => x.trim())
      .filter((x) => x !== '');
  return {
    serverAddr: v.server_addr ?? '',
    lookupBindDn: v.lookup_bind_dn ?? '',
    lookupBindPassword: v.lookup_bind_password ?? '',
    userDnSearchBaseDns: list(v.user_dn_search_base_dn),
    userDnSearchFilter: v.user_dn_search_filter ?? '',
    groupSearchBaseDns: list(v.group_search_base_dn),
    groupSearchFilter: v.group_search_filter ?? '',
    tlsSkipVerify: isOn(v.tls_skip_verify),
    serverInsecure: isOn(v.server_insecure),
    serverStartTls: isOn(v.server_starttls),
  };
}

/** The last `identity_plugin` settings built, reused while the values stay the same (one connection pool). */
let pluginCache: { key: string; settings: IdentityPluginSettings } | null = null;

/**
 * The `identity_plugin` set in effect, or null when no `url` is configured. The role ARN carries the
 * region configured (MinIO's server region: the `site` set's, else the `region` set's; empty otherwise).
 */
export function identityPluginFromConfig(config: ConfigService): IdentityPluginSettings | null {
  const v = config.get('identity_plugin').values;
  const url = v.url ?? '';
  if (url === '') return null;
  const values = {
    url,
    authToken: v.auth_token ?? '',
    rolePolicy: v.role_policy ?? '',
    roleId: v.role_id ?? '',
    region: configuredRegion(config),
  };
  const key = JSON.stringify(values);
  if (pluginCache?.key !== key) pluginCache = { key, settings: identityPluginSettings(values) };
  return pluginCache.settings;
}
