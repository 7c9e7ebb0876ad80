// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';
import { ldapSignIn } from '../identity/ldap.js';
import { ldapSettings } from './identity-settings.js';
import { durationParam, sessionPolicyParam } from './params.js';
import type { StsAction } from './types.js';

/**
 * AssumeRoleWithLDAPIdentity (anonymous, `LDAPUsername` + `LDAPPassword`): signs the user in against
 * the directory of `identity_ldap` and issues credentials with the policies mapped to the user's DN
 * and to their groups' DNs (idp/ldap/policy/attach). No mapped policy: AccessDenied.
 */
export const assumeRoleWithLdapIdentity: StsAction = {
  requiresSignature: false,
  async handle(params, _req, ctx) {
    const username = params.get('LDAPUsername') ?? '';
    const password = params.get('LDAPPassword') ?? '';
    if (username === '') throw new S3Error('MissingParameter', 'LDAPUsername is missing');
    if (password === '') throw new S3Error('MissingParameter', 'LDAPPassword is missing');
    const durationSeconds = durationParam(params);
    const policy = sessionPolicyParam(params);
    const settings = ldapSettings(ctx.config);
    if (!settings) {
      throw new S3Error('InvalidParameterValue', 'LDAP is not configured on this server (identity_ldap)');
    }
    const who = await ldapSignIn(settings, username, password);
    const names = [
      ...ctx.iam.mappedPolicies(who.userDn, false),
      ...who.groupDns.flatMap((g) => ctx.iam.mappedPolicies(g, true)),
    ].filter((n) => ctx.iam.policyExists(n));
    if (names.length === 0) {
      throw new S3Error(
        'AccessDenied',
        `no policy is attached to the LDAP user ${who.userDn} or to any of their groups`,
      );
    }
    const credentials = await ctx.iam.createStsSession({
      parentUser: who.userDn,
      durationSeconds,
      ...(policy !== undefined ? { policy } : {}),
      claims: { 'ldap:username': username, 'ldap:user': who.userDn },
      externalPolicies: [...new Set(names)],
      source: 'AssumeRoleWithLDAPIdentity',
    });
    return { action: 'AssumeRoleWithLDAPIdentity', credentials };
  },
};
