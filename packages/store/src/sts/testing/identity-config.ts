// Typed by shape, not by test-services' own types: this folder is compiled with the store's sources.
interface TestDirectory {
  directory: { usersBase: string; groupsBase: string; lookup: { dn: string; password: string } };
}
interface TestProvider {
  configUrl: string;
  clientId: string;
  clientSecret: string;
}

/** How a test reaches slapd: every TLS key given, since `config set` keeps the keys a line does not name. */
export const LDAP_TLS_MODES = {
  plain: 'server_insecure=on server_starttls=off tls_skip_verify=off',
  starttls: 'server_insecure=off server_starttls=on tls_skip_verify=on',
  ldaps: 'server_insecure=off server_starttls=off tls_skip_verify=on',
  ldapsVerified: 'server_insecure=off server_starttls=off tls_skip_verify=off',
} as const;

/** The `identity_ldap` line for the test directory (users by uid, groups by member DN). */
export function ldapConfigLine(
  ldap: TestDirectory,
  serverAddr: string,
  mode: keyof typeof LDAP_TLS_MODES = 'plain',
): string {
  const d = ldap.directory;
  return (
    `identity_ldap server_addr="${serverAddr}" lookup_bind_dn="${d.lookup.dn}" ` +
    `lookup_bind_password="${d.lookup.password}" user_dn_search_base_dn="${d.usersBase}" ` +
    `user_dn_search_filter="(uid=%s)" group_search_base_dn="${d.groupsBase}" ` +
    `group_search_filter="(&(objectclass=groupOfNames)(member=%d))" ${LDAP_TLS_MODES[mode]}`
  );
}

/** The `identity_openid[:target]` line for the test provider's pre-registered client. */
export function openIdConfigLine(idp: TestProvider, target = '', extra = ''): string {
  return (
    `identity_openid${target ? `:${target}` : ''} config_url="${idp.configUrl}" client_id="${idp.clientId}" ` +
    `client_secret="${idp.clientSecret}" ${extra}`
  ).trim();
}
