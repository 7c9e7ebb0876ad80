// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { ldapLookupDn } from '../../identity/ldap.js';
import { ldapSettings } from '../../sts/identity-settings.js';
import type { AdminCall, AdminOperation } from '../call.js';
import { associate } from './attach-detach-policy.js';

/** The directory's spelling of a user's or group's DN; the DN must name an entry of the directory. */
function directoryDn(call: AdminCall): (dn: string, isGroup: boolean) => Promise<string> {
  return async (dn, isGroup) => {
    const settings = ldapSettings(call.ctx.config);
    if (!settings) {
      throw new S3Error(
        'XMinioAdminInvalidArgument',
        'LDAP is not configured on this server (identity_ldap): policies cannot be attached to DNs',
      );
    }
    const found = await ldapLookupDn(settings, dn);
    if (found === null) {
      throw new S3Error(
        'XMinioAdminInvalidArgument',
        `the ${isGroup ? 'group' : 'user'} DN '${dn}' was not found in the LDAP directory`,
      );
    }
    return found;
  };
}

/** Admin API: AttachPolicyLDAP — `POST /idp/ldap/policy/attach` **E** `{policies, user|group}` (DNs) → 200 **E** `{policiesAttached, updatedAt}`. */
export const attachPolicyLdap: AdminOperation = (call) => associate(call, true, directoryDn(call));

/** Admin API: DetachPolicyLDAP — `POST /idp/ldap/policy/detach` **E** `{policies, user|group}` (DNs) → 200 **E** `{policiesDetached, updatedAt}`. */
export const detachPolicyLdap: AdminOperation = (call) => associate(call, false, directoryDn(call));
