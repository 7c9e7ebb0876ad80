// SPDX-License-Identifier: Apache-2.0
import { createAdminClient } from '../clients/store-clients.js';
import type { StoreEndpoint } from '../clients/store-endpoint.js';
import { parseConfigText } from '../routes/configs/config-text.js';
import { type OidcClientSettings, type SsoOptions, splitList } from './sso-options.js';

/** What the login screen offers beside access keys. */
export interface SsoState {
  openId: OidcClientSettings[];
  ldap: boolean;
}

/** How long the server's identity configuration is reused before it is read again. */
const CACHE_MS = 3_000;

/**
 * The single sign-on in effect: CONSOLE_IDP_* / CONSOLE_LDAP_ENABLED, else the server's own
 * `identity_openid` targets and `identity_ldap` (read with the embedded store's root keys).
 */
export class SsoSettings {
  readonly #endpoint: StoreEndpoint;
  readonly #options: SsoOptions;
  #cache: { at: number; value: Promise<SsoState> } | null = null;

  constructor(endpoint: StoreEndpoint, options: SsoOptions = {}) {
    this.#endpoint = endpoint;
    this.#options = options;
  }

  current(): Promise<SsoState> {
    if (this.#cache && Date.now() - this.#cache.at < CACHE_MS) return this.#cache.value;
    const value = this.#read();
    this.#cache = { at: Date.now(), value };
    return value;
  }

  async #read(): Promise<SsoState> {
    const fromEnv: SsoState = {
      openId: this.#options.openId ? [this.#options.openId] : [],
      ldap: this.#options.ldap ?? false,
    };
    const root = this.#options.serverAdmin;
    if (!root) return fromEnv;
    const admin = createAdminClient(this.#endpoint, { ...root, sessionToken: '', region: '' });
    // A server that cannot be read offers what the environment names (the form still works).
    // The role ARNs are the server's own (ListIDPConfig): they carry its region and its rule for the id.
    const [openIdText, ldapText, roles] = await Promise.all([
      admin.getConfigKV('identity_openid').catch(() => ''),
      admin.getConfigKV('identity_ldap').catch(() => ''),
      admin.listIdpConfig('openid').catch(() => []),
    ]);
    const roleArns = new Map(roles.map((r) => [r.name === '_' ? '' : r.name, r.roleARN ?? '']));
    const servers = parseConfigText(openIdText)
      .filter((p) => p.subSys === 'identity_openid')
      .map((p): OidcClientSettings => {
        const v = Object.fromEntries(p.kv.map((kv) => [kv.key, kv.envOverride?.value ?? kv.value]));
        return {
          name: p.target,
          displayName: v.display_name ?? '',
          configUrl: v.config_url ?? '',
          clientId: v.client_id ?? '',
          clientSecret: v.client_secret ?? '',
          scopes: splitList(v.scopes ?? ''),
          redirectUri: v.redirect_uri ?? '',
          roleArn: roleArns.get(p.target) ?? '',
        };
      })
      .filter((s) => s.configUrl !== '' && s.clientId !== '');
    const ldapOn = parseConfigText(ldapText).some((p) =>
      p.kv.some((kv) => kv.key === 'server_addr' && (kv.envOverride?.value ?? kv.value) !== ''),
    );
    return { openId: [...fromEnv.openId, ...servers], ldap: fromEnv.ldap || ldapOn };
  }
}
