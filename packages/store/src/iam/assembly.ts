// SPDX-License-Identifier: Apache-2.0
import type { SystemStore } from '../object-layer/types.js';
import { Authorization, type BucketPolicySetting } from './authorization.js';
import { IamContext, type RootCredentials } from './context.js';
import { CredentialResolver } from './credentials.js';
import { EffectivePolicies } from './effective-policy.js';
import { Groups } from './groups.js';
import { PolicyMappings } from './mappings.js';
import { Policies } from './policies.js';
import { ServiceAccounts } from './service-accounts.js';
import { StsSessions } from './sts-sessions.js';
import { Users } from './users.js';

/** The IAM components, wired to one another over one shared context. */
export interface IamParts {
  ctx: IamContext;
  users: Users;
  groups: Groups;
  policies: Policies;
  mappings: PolicyMappings;
  serviceAccounts: ServiceAccounts;
  sessions: StsSessions;
  effective: EffectivePolicies;
  credentials: CredentialResolver;
  authorization: Authorization;
}

/**
 * Builds the IAM components on a system store and wires each one's links to the others. Nothing is
 * read yet: call {@link reloadIam} to load the stored records.
 */
export function assembleIam(
  system: SystemStore,
  root: RootCredentials,
  setting: BucketPolicySetting,
): IamParts {
  const ctx = new IamContext(system, root);
  const users: Users = new Users(ctx, {
    isDerivedCredential: (ak) => serviceAccounts.has(ak) || sessions.has(ak),
    attachedPolicies: (user) => mappings.of(user, false),
    groupsOf: (user) => groups.memberOf(user),
    removeDependents: async (user) => {
      await serviceAccounts.removeOwnedBy(user);
      await sessions.removeOwnedBy(user);
      await groups.removeMember(user);
      await mappings.write(user, false, []);
    },
  });
  const groups: Groups = new Groups(ctx, {
    userExists: (user) => users.has(user),
    attachedPolicies: (group) => mappings.of(group, true),
    clearMapping: (group) => mappings.write(group, true, []),
  });
  const policies: Policies = new Policies(ctx, { isAttached: (name) => mappings.isAttached(name) });
  const mappings: PolicyMappings = new PolicyMappings(ctx, {
    userExists: (user) => users.has(user),
    groupExists: (group) => groups.has(group),
    policyExists: (name) => policies.has(name),
  });
  const serviceAccounts: ServiceAccounts = new ServiceAccounts(ctx, {
    userExists: (user) => users.has(user),
    isOtherCredential: (ak) => ctx.isRoot(ak) || users.has(ak) || sessions.has(ak),
    policyDocument: (identity) => effective.document(identity),
  });
  const sessions: StsSessions = new StsSessions(ctx, {
    policyDocument: (identity) => effective.document(identity),
  });
  const effective: EffectivePolicies = new EffectivePolicies(ctx, {
    policies,
    mappings,
    groups,
    serviceAccounts,
    sessions,
  });
  const credentials = new CredentialResolver(ctx, users, serviceAccounts, sessions);
  const authorization = new Authorization(ctx, users, effective, setting);
  return {
    ctx,
    users,
    groups,
    policies,
    mappings,
    serviceAccounts,
    sessions,
    effective,
    credentials,
    authorization,
  };
}

/**
 * (Re)reads every IAM document from the system store, replacing the in-memory state of every part;
 * unreadable documents are reported through `onWarning` (never with secrets) and skipped.
 */
export async function reloadIam(parts: IamParts, onWarning?: (message: string) => void): Promise<void> {
  const { ctx } = parts;
  await ctx.serial(async () => {
    const warn = (path: string, err: unknown): void =>
      onWarning?.(`IAM: skipping unreadable ${path}: ${(err as Error).message}`);
    const records = await ctx.persist.loadSnapshot(warn);
    parts.users.load(records.users);
    parts.groups.load(records.groups);
    parts.policies.load(records.policies, warn);
    parts.mappings.load(records.userPolicies, records.groupPolicies);
    parts.serviceAccounts.load(records.serviceAccounts, warn);
    await parts.sessions.load(records.sts, warn);
    ctx.changed();
  });
}
