// SPDX-License-Identifier: Apache-2.0
import type { SystemStore } from '../object-layer/types.js';
import type { RootCredentials } from './context.js';
import { type IamOptions, IamSystem } from './iam-system.js';

export * as policy from '@stowage/policy';
export type { BucketPolicySource } from './authorization.js';
export type { RootCredentials } from './context.js';
export type { GroupDescription } from './groups.js';
export type { IamOptions } from './iam-system.js';
export { IamSystem } from './iam-system.js';
export { generateAccessKey, generateSecretKey } from './keys.js';
export type { PolicyEntities } from './mappings.js';
export type { PolicyInfo } from './policies.js';
export type { PolicyPluginHook, PolicyPluginInput } from './policy-plugin.js';
export type * from './records.js';
export type { IssuedCredentials, NewServiceAccount, ServiceAccountUpdate } from './service-accounts.js';
export type { NewStsSession } from './sts-sessions.js';
export type * from './types.js';
export type { UserInfo } from './users.js';
export { parseIamPolicy, splitPolicyNames } from './validation.js';

/**
 * Opens IAM on the store's system documents: loads users, groups, policies, mappings, service accounts
 * and unexpired STS sessions. Pass `options.bucketPolicies` (or call `iam.useBucketPolicies`) so
 * anonymous requests are judged by bucket policies.
 */
export async function openIam(
  system: SystemStore,
  root: RootCredentials,
  options: IamOptions = {},
): Promise<IamSystem> {
  const iam = new IamSystem(system, root, options);
  await iam.load();
  return iam;
}
