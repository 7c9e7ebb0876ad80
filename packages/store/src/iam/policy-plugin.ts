// SPDX-License-Identifier: Apache-2.0
import type { AuthorizationRequest, Identity } from './types.js';

/**
 * What the access management plugin (`policy_plugin`) receives as `{"input": …}`: MinIO's policy.Args
 * with its JSON names (minio/pkg policy.Args, docs/iam/access-management-plugin.md).
 */
export interface PolicyPluginInput {
  account: string;
  groups: string[] | null;
  action: string;
  originalAction: string;
  bucket: string;
  conditions: Record<string, string[]>;
  owner: boolean;
  object: string;
  claims: Record<string, string>;
  denyOnly: boolean;
}

/** Asks the plugin; true = allow. Throws when the hook cannot answer (the caller then denies). */
export type PolicyPluginHook = (input: PolicyPluginInput) => Promise<boolean>;

function principalType(identity: Identity): string {
  if (identity.kind === 'root') return 'Account';
  return identity.kind === 'sts' ? 'AssumedRole' : 'User';
}

/**
 * The plugin's input for one request. Condition keys go by MinIO's names, without the `aws:`/`s3:`
 * prefix (`SourceIp`, `CurrentTime`, `prefix`, `x-amz-server-side-encryption`), plus those MinIO derives
 * from the credential (`username`, `userid`, `principaltype`).
 */
export function policyPluginInput(
  req: AuthorizationRequest & { denyOnly?: boolean },
  groups: string[],
): PolicyPluginInput {
  const identity = req.identity;
  const now = new Date();
  const conditions: Record<string, string[]> = {
    CurrentTime: [now.toISOString().replace(/\.\d{3}Z$/, 'Z')],
    EpochTime: [String(Math.floor(now.getTime() / 1000))],
    principaltype: [principalType(identity)],
    userid: [identity.parentUser || identity.accessKey],
    username: [identity.parentUser || identity.accessKey],
  };
  for (const [k, v] of Object.entries(req.conditions)) conditions[k.replace(/^(aws|s3):/i, '')] = v;
  return {
    account: identity.accessKey,
    groups: groups.length > 0 ? groups : null,
    action: req.action,
    originalAction: req.action,
    bucket: req.bucket ?? '',
    conditions,
    owner: false,
    object: req.key ?? '',
    claims: { ...identity.claims },
    denyOnly: req.denyOnly === true,
  };
}
