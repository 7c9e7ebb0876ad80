// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';
import { authenticateCustomToken } from '../identity/identity-plugin.js';
import { PluginHookError } from '../identity/plugin-hook.js';
import { identityPluginFromConfig } from './identity-settings.js';
import type { StsAction } from './types.js';
import { escapeXml } from './xml.js';

/** Claims MinIO reserves for itself: the hook's values for them are ignored. */
const RESERVED_CLAIMS = new Set(['exp', 'parent', 'sub', 'roleArn']);

/** A claim as a session keeps it (policy variables read strings): strings as they are, others as JSON. */
function claimText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * AssumeRoleWithCustomToken (MinIO's extension; anonymous, `Token` + `RoleArn`, optional
 * `DurationSeconds`): the opaque token goes to the identity plugin's hook (`identity_plugin`), which
 * names the user. The credentials act for `custom:<user>` with the plugin's `role_policy`, carry the
 * hook's claims, and last the requested duration capped by the hook's `maxValiditySeconds`.
 * Errors as MinIO's: a disabled plugin is STSNotInitialized (503); a hook that refuses (403) gives its
 * reason as InternalError (500, MinIO's "upstream" error); a hook that fails is InvalidParameterValue.
 */
export const assumeRoleWithCustomToken: StsAction = {
  requiresSignature: false,
  async handle(params, _req, ctx) {
    const plugin = identityPluginFromConfig(ctx.config);
    if (!plugin) {
      throw new S3Error(
        'STSNotInitialized',
        "STS API 'AssumeRoleWithCustomToken' is disabled: no identity plugin is configured (identity_plugin url)",
      );
    }
    const token = params.get('Token') ?? '';
    if (token === '') throw new S3Error('InvalidParameterValue', 'Invalid empty `Token` parameter provided');
    const rawDuration = params.get('DurationSeconds') ?? '';
    if (rawDuration !== '' && !/^\d+$/.test(rawDuration)) {
      throw new S3Error('InvalidParameterValue', `Invalid requested duration: ${rawDuration}`);
    }
    const roleArn = params.get('RoleArn') ?? '';
    if (roleArn !== plugin.roleArn) {
      throw new S3Error(
        'InvalidParameterValue',
        `Error processing parameter RoleArn: RoleARN '${roleArn}' is not defined (the identity plugin's role is ${plugin.roleArn})`,
      );
    }
    const pluginDecides = ctx.config.get('policy_plugin').values.url !== '';
    const policies = plugin.rolePolicy.filter((p) => ctx.iam.policyExists(p));
    if (policies.length === 0 && !pluginDecides) {
      throw new S3Error(
        'InvalidParameterValue',
        `None of the given policies (\`${plugin.rolePolicy.join(',')}\`) are defined, credentials will not be generated`,
      );
    }
    let verdict: Awaited<ReturnType<typeof authenticateCustomToken>>;
    try {
      verdict = await authenticateCustomToken(plugin, token);
    } catch (err) {
      if (err instanceof PluginHookError) throw new S3Error('InvalidParameterValue', err.message);
      throw err;
    }
    if (!verdict.ok) throw new S3Error('InternalError', verdict.reason, {}, 500);
    if (verdict.user === '') {
      throw new S3Error('InternalError', 'A valid user was not returned by the authenticator.', {}, 500);
    }
    const requested = rawDuration === '' ? null : Number(rawDuration);
    const durationSeconds =
      requested !== null && requested < verdict.maxValiditySeconds ? requested : verdict.maxValiditySeconds;
    if (durationSeconds < 1) {
      throw new S3Error('InvalidParameterValue', `Invalid requested duration: ${rawDuration}`);
    }
    const parentUser = `custom:${verdict.user}`;
    const claims: Record<string, string> = {};
    for (const [k, v] of Object.entries(verdict.claims)) {
      if (!RESERVED_CLAIMS.has(k) && v !== undefined && v !== null) claims[k] = claimText(v);
    }
    claims.sub = parentUser;
    claims.roleArn = plugin.roleArn;
    const credentials = await ctx.iam.createStsSession({
      parentUser,
      durationSeconds,
      claims,
      externalPolicies: policies,
      source: 'AssumeRoleWithCustomToken',
    });
    return {
      action: 'AssumeRoleWithCustomToken',
      credentials,
      assumedRoleUser: null,
      extraResultXml: `<AssumedUser>${escapeXml(parentUser)}</AssumedUser>`,
    };
  },
};
