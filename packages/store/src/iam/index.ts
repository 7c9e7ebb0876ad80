import type { SystemStore } from '../object-layer/types.js';
import { type IamOptions, IamSystem, type RootCredentials } from './iam-system.js';

export * as policy from '@stowage/policy';
export type {
  BucketPolicySource,
  GroupDescription,
  IamOptions,
  IssuedCredentials,
  NewServiceAccount,
  NewStsSession,
  PolicyEntities,
  PolicyInfo,
  RootCredentials,
  ServiceAccountUpdate,
  UserInfo,
} from './iam-system.js';
export { IamSystem, parseIamPolicy, splitPolicyNames } from './iam-system.js';
export { generateAccessKey, generateSecretKey } from './keys.js';
export type * from './records.js';
export type * from './types.js';

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
