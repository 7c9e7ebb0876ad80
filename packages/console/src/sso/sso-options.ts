// SPDX-License-Identifier: Apache-2.0
/** One OpenID Connect client the console signs users in with (a provider and this console's registration). */
export interface OidcClientSettings {
  /** The server's config target ('' for the default one), or `env` for CONSOLE_IDP_*. */
  name: string;
  /** The button's label ('Login with SSO' when empty). */
  displayName: string;
  /** The provider's discovery document. */
  configUrl: string;
  clientId: string;
  clientSecret: string;
  /** Scopes asked for; empty = `openid` plus what the provider advertises of profile, email, policy. */
  scopes: string[];
  /** The exact redirect URI registered with the provider; '' = this console's `/oauth_callback`. */
  redirectUri: string;
  /** With a role policy the STS call names the role (AssumeRoleWithWebIdentity RoleArn). */
  roleArn: string;
}

/** Where the console learns about single sign-on (AppOptions.sso). */
export interface SsoOptions {
  /**
   * Root keys of the embedded store: the console reads `identity_openid` and `identity_ldap` from the
   * server's configuration through the admin API, so a provider saved in Settings shows on the login screen.
   */
  serverAdmin?: { accessKey: string; secretKey: string };
  /** CONSOLE_IDP_*: an OpenID client for a server whose configuration the console cannot read. */
  openId?: OidcClientSettings;
  /** CONSOLE_LDAP_ENABLED: the server signs users in against LDAP (AssumeRoleWithLDAPIdentity). */
  ldap?: boolean;
}

const ON = new Set(['on', 'true', 'yes', '1']);

/**
 * CONSOLE_IDP_URL (discovery document), CONSOLE_IDP_CLIENT_ID, CONSOLE_IDP_SECRET, CONSOLE_IDP_SCOPES
 * (comma-separated), CONSOLE_IDP_CALLBACK (the exact redirect URI), CONSOLE_IDP_DISPLAY_NAME,
 * CONSOLE_IDP_ROLE_ARN, and CONSOLE_LDAP_ENABLED (on/off): SSO for an external MinIO.
 */
export function ssoFromEnv(env: NodeJS.ProcessEnv): SsoOptions {
  const get = (k: string): string => (env[k] ?? '').trim();
  const out: SsoOptions = {};
  if (get('CONSOLE_IDP_URL') !== '') {
    out.openId = {
      name: 'env',
      displayName: get('CONSOLE_IDP_DISPLAY_NAME'),
      configUrl: get('CONSOLE_IDP_URL'),
      clientId: get('CONSOLE_IDP_CLIENT_ID'),
      clientSecret: get('CONSOLE_IDP_SECRET'),
      scopes: splitList(get('CONSOLE_IDP_SCOPES')),
      redirectUri: get('CONSOLE_IDP_CALLBACK'),
      roleArn: get('CONSOLE_IDP_ROLE_ARN'),
    };
  }
  if (ON.has(get('CONSOLE_LDAP_ENABLED').toLowerCase())) out.ldap = true;
  return out;
}

export function splitList(s: string): string[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
}
