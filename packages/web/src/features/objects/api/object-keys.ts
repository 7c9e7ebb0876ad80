// SPDX-License-Identifier: Apache-2.0
/**
 * Query keys of the objects area (one factory per area; the listing and the object detail share it).
 * Everything about one bucket's objects sits under `bucket(b)`, so one invalidation reloads all of it.
 * The bucket's own settings (versioning, locking) are the buckets' keys (`@/shared/buckets/bucket-keys`).
 */
export const objectKeys = {
  all: ['objects'] as const,
  /** Background jobs (issue 35): their own root, so no bucket name can collide with it. */
  jobs: ['object-jobs'] as const,
  /** What the session may do with the objects of these buckets (read, write, delete). */
  access: (buckets: readonly string[]) => ['object-access', ...buckets] as const,
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
  /** The pages of one listing: the current one, or the rewind listing as of `rewindDate`. */
  listPages: (bucket: string, prefix: string, rewindDate: string | undefined) =>
    [...objectKeys.list(bucket, prefix), rewindDate ?? 'current'] as const,
  /** Whether a path without a trailing slash names an object (and which). */
  exists: (bucket: string, name: string) => [...objectKeys.object(bucket, name), 'exists'] as const,
  preview: (bucket: string, name: string, versionId: string | undefined) =>
    [...objectKeys.object(bucket, name), 'preview', versionId ?? ''] as const,
  /** A text preview's contents, or the probe that a PDF can be fetched. */
  previewPart: (
    bucket: string,
    name: string,
    versionId: string | undefined,
    part: 'text' | 'probe' | 'media-probe',
  ) => [...objectKeys.preview(bucket, name, versionId), part] as const,
};
