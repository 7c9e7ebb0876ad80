// SPDX-License-Identifier: Apache-2.0
/**
 * Query keys of the identity screens (users, groups, policies, service accounts; spec 2 §2). One factory
 * for the area because its entities are linked: adding a user to a group changes both, so mutations
 * invalidate by these keys across the four features.
 */
export const identityKeys = {
  all: ['identity'] as const,
  users: () => [...identityKeys.all, 'users'] as const,
  userList: () => [...identityKeys.users(), 'list'] as const,
  user: (name: string) => [...identityKeys.users(), 'one', name] as const,
  groups: () => [...identityKeys.all, 'groups'] as const,
  groupList: () => [...identityKeys.groups(), 'list'] as const,
  group: (name: string) => [...identityKeys.groups(), 'one', name] as const,
  policies: () => [...identityKeys.all, 'policies'] as const,
  policyList: () => [...identityKeys.policies(), 'list'] as const,
  policy: (name: string) => [...identityKeys.policies(), 'one', name] as const,
  policyUsers: (name: string) => [...identityKeys.policies(), 'users', name] as const,
  policyGroups: (name: string) => [...identityKeys.policies(), 'groups', name] as const,
  serviceAccounts: () => [...identityKeys.all, 'service-accounts'] as const,
  /** `user` undefined = the signed-in user's own. */
  serviceAccountList: (user?: string) => [...identityKeys.serviceAccounts(), user ?? '(self)'] as const,
};
