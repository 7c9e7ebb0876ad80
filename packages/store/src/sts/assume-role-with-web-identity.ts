// SPDX-License-Identifier: Apache-2.0
import type { JWTPayload } from 'jose';
import { configuredRegion } from '../config/region.js';
import type { StoreContext } from '../core/context.js';
import { S3Error } from '../core/errors.js';
import {
  type OpenIdProvider,
  type OpenIdSettings,
  openIdProvider,
  openIdRoleArn,
  unverifiedIssuer,
} from '../identity/openid.js';
import { openIdSettings } from './identity-settings.js';
import { durationParam, externalPolicies, sessionPolicyParam } from './params.js';
import type { StsAction } from './types.js';
import { escapeXml } from './xml.js';

/**
 * The provider a request names: by RoleArn among the providers with a `role_policy`, else (no RoleArn)
 * among the claim-based ones — the one whose issuer issued the token when several are configured.
 */
async function pickProvider(ctx: StoreContext, roleArn: string, token: string): Promise<OpenIdProvider> {
  const all = openIdSettings(ctx.config);
  if (all.length === 0) {
    throw new S3Error('InvalidParameterValue', 'no OpenID provider is configured (identity_openid)');
  }
  if (roleArn !== '') {
    const region = configuredRegion(ctx.config);
    const s = all.find((p) => p.rolePolicy.length > 0 && openIdRoleArn(p, region) === roleArn);
    if (!s)
      throw new S3Error('InvalidParameterValue', `RoleArn '${roleArn}' names no configured OpenID role`);
    return openIdProvider(s);
  }
  const claimBased: OpenIdSettings[] = all.filter((p) => p.rolePolicy.length === 0);
  if (claimBased.length === 0) {
    throw new S3Error(
      'InvalidParameterValue',
      'RoleArn is required: every configured OpenID provider uses a role policy',
    );
  }
  if (claimBased.length === 1) return openIdProvider(claimBased[0] as OpenIdSettings);
  const iss = unverifiedIssuer(token);
  for (const s of claimBased) {
    const p = openIdProvider(s);
    const d = await p.discovery().catch(() => null);
    if (d && d.issuer === iss) return p;
  }
  throw new S3Error('InvalidIdentityToken', 'the token was not issued by any configured OpenID provider');
}

/** Claims a session keeps for policy variables (`${jwt:sub}`, …): the string-valued standard ones. */
function sessionClaims(payload: JWTPayload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['sub', 'iss', 'aud', 'azp', 'preferred_username', 'email', 'name', 'given_name']) {
    const v = payload[k];
    if (typeof v === 'string') out[`jwt:${k}`] = v;
  }
  return out;
}

/**
 * AssumeRoleWithWebIdentity (`WebIdentityToken`) and AssumeRoleWithClientGrants (`Token`): anonymous
 * calls carrying an OpenID token. The token is verified against the provider's discovery document and
 * keys; the session gets the canned policies of the token's policy claim (or the provider's role
 * policy), narrowed by an optional session policy, and never outlives the token.
 */
function tokenAction(action: string, tokenParam: string, subjectElement: string): StsAction {
  return {
    requiresSignature: false,
    async handle(params, _req, ctx) {
      const token = params.get(tokenParam) ?? '';
      if (token === '') throw new S3Error('MissingParameter', `${tokenParam} is missing`);
      const roleArn = params.get('RoleArn') ?? '';
      const requested = params.has('DurationSeconds') ? durationParam(params) : null;
      const policy = sessionPolicyParam(params);
      const provider = await pickProvider(ctx, roleArn, token);
      const payload = await provider.verify(token);
      const sub = typeof payload.sub === 'string' ? payload.sub : '';
      if (sub === '') throw new S3Error('InvalidIdentityToken', 'the token has no subject (sub)');
      const names = provider.policiesOf(payload);
      if (names.length === 0) {
        throw new S3Error(
          'AccessDenied',
          `the token carries no '${provider.settings.claimName}' claim naming a policy, so no credentials are issued`,
        );
      }
      const policies = externalPolicies(ctx, names);
      const left = Math.floor(((payload.exp ?? 0) * 1000 - Date.now()) / 1000);
      if (left < 1) throw new S3Error('ExpiredToken', 'the web identity token has expired');
      const durationSeconds = requested === null ? left : Math.min(requested, left);
      const credentials = await ctx.iam.createStsSession({
        parentUser: `openid:${sub}`,
        durationSeconds,
        ...(policy !== undefined ? { policy } : {}),
        claims: sessionClaims(payload),
        externalPolicies: policies,
        source: action,
      });
      return {
        action,
        credentials,
        ...(roleArn !== '' ? { assumedRoleUser: { arn: roleArn, assumeRoleId: '' } } : {}),
        extraResultXml: `<${subjectElement}>${escapeXml(sub)}</${subjectElement}>`,
      };
    },
  };
}

export const assumeRoleWithWebIdentity = tokenAction(
  'AssumeRoleWithWebIdentity',
  'WebIdentityToken',
  'SubjectFromWebIdentityToken',
);

export const assumeRoleWithClientGrants = tokenAction(
  'AssumeRoleWithClientGrants',
  'Token',
  'SubjectFromToken',
);
