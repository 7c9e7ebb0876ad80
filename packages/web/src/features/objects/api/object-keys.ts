/**
 * Query keys of the objects area (one factory per area; the listing and the object detail share it).
 * Everything about one bucket's objects sits under `bucket(b)`, so one invalidation reloads all of it.
 */
export const objectKeys = {
  all: ['objects'] as const,
  bucket: (bucket: string) => [...objectKeys.all, bucket] as const,
  /** One level of the listing under `prefix` (paged); also the rewind listing with its date. */
  list: (bucket: string, prefix: string) => [...objectKeys.bucket(bucket), 'list', prefix] as const,
  /** Everything about one object: invalidating it reloads the detail screen. */
  object: (bucket: string, name: string) => [...objectKeys.bucket(bucket), 'object', name] as const,
  metadata: (bucket: string, name: string, versionId?: string) =>
    [...objectKeys.object(bucket, name), 'metadata', versionId ?? 'current'] as const,
  versions: (bucket: string, name: string) => [...objectKeys.object(bucket, name), 'versions'] as const,
  share: (bucket: string, name: string, versionId: string | undefined, expiresMs: number) =>
    [...objectKeys.object(bucket, name), 'share', versionId ?? '', expiresMs] as const,
  /** The bucket's versioning and object locking, as the object detail needs them. */
  bucketSettings: (bucket: string) => [...objectKeys.bucket(bucket), 'settings'] as const,
  preview: (bucket: string, name: string, versionId: string | undefined) =>
    [...objectKeys.object(bucket, name), 'preview', versionId ?? ''] as const,
};
