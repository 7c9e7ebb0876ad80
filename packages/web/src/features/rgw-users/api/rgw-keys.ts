// SPDX-License-Identifier: Apache-2.0
/** Query keys of the RGW users screens (issue 36). */
export const rgwKeys = {
  all: ['rgw'] as const,
  userList: () => [...rgwKeys.all, 'users'] as const,
  user: (uid: string) => [...rgwKeys.all, 'user', uid] as const,
  userBuckets: (uid: string) => [...rgwKeys.all, 'user-buckets', uid] as const,
};
