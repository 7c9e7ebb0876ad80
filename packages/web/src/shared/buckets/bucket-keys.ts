// SPDX-License-Identifier: Apache-2.0
/** Query keys of the buckets area (one factory per area); mutations invalidate by these. */
export const bucketKeys = {
  all: ['buckets'] as const,
  list: () => [...bucketKeys.all, 'list'] as const,
  /** Everything about one bucket: invalidating it reloads the whole admin screen. */
  bucket: (name: string) => [...bucketKeys.all, 'bucket', name] as const,
  info: (name: string) => [...bucketKeys.bucket(name), 'info'] as const,
  retention: (name: string) => [...bucketKeys.bucket(name), 'retention'] as const,
  versioning: (name: string) => [...bucketKeys.bucket(name), 'versioning'] as const,
  quota: (name: string) => [...bucketKeys.bucket(name), 'quota'] as const,
  objectLocking: (name: string) => [...bucketKeys.bucket(name), 'object-locking'] as const,
  encryption: (name: string) => [...bucketKeys.bucket(name), 'encryption'] as const,
  users: (name: string) => [...bucketKeys.bucket(name), 'users'] as const,
  policies: (name: string) => [...bucketKeys.bucket(name), 'policies'] as const,
  accessRules: (name: string) => [...bucketKeys.bucket(name), 'access-rules'] as const,
  replication: (name: string) => [...bucketKeys.bucket(name), 'replication'] as const,
  permissions: (ids: string) => [...bucketKeys.all, 'permissions', ids] as const,
};
