// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';

/**
 * Peer call SRPeerGetIDPSettings — `GET /site-replication/peer/idp-settings` → J IDPSettings. Sites
 * compare them before joining; this store reports its identity providers as not taking part.
 */
export const srPeerIdpSettings: AdminOperation = async (call) => {
  const provider = {
    ClaimName: '',
    ClaimUserinfoEnabled: false,
    RolePolicy: '',
    ClientID: '',
    HashedClientSecret: '',
  };
  return call.ok({
    LDAP: {
      IsLDAPEnabled: false,
      LDAPUserDNSearchBase: '',
      LDAPUserDNSearchFilter: '',
      LDAPGroupSearchBase: '',
      LDAPGroupSearchFilter: '',
    },
    OpenID: { Enabled: false, Region: '', Roles: {}, ClaimProvider: provider },
  });
};
