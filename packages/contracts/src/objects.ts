// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * The object browser's contract (spec 1 §2.6, §3 "Object", §7 "Objects"; issue 7). Object paths are full
 * keys; a "folder" is a common prefix ending in '/'. Dates are RFC 3339 strings; sizes are bytes.
 */

/** Route params of every `/api/v1/buckets/:bucket/...` object route. */
export const objectRouteParamsSchema = z.object({ bucket: z.string().min(1) });

/** One listing entry or object version (spec 1 §3 "Object"). Folders carry only `name` (ending in '/'). */
export const objectItemSchema = z
  .object({
    name: z.string().describe('Full key; folders end in "/"'),
    size: z.number().int().nonnegative().optional(),
    last_modified: z.string().optional(),
    etag: z.string().optional(),
    content_type: z.string().optional(),
    version_id: z.string().optional().describe('"null" for the null version; absent for folders'),
    is_latest: z.boolean().optional(),
    is_delete_marker: z.boolean().optional(),
    /** Rewind listings only: the object was deleted at the chosen date (a delete marker was current). */
    delete_flag: z.boolean().optional(),
    legal_hold_status: z.enum(['ON', 'OFF']).optional(),
    retention_mode: z.enum(['GOVERNANCE', 'COMPLIANCE']).optional(),
    retention_until_date: z.string().optional(),
    tags: z.record(z.string(), z.string()).optional(),
    user_metadata: z.record(z.string(), z.string()).optional(),
    /** x-amz-replication-status (PENDING, COMPLETED, FAILED, REPLICA) when the object is replicated (issue 21). */
    replication_status: z.string().optional(),
    /** with_metadata: how the object is encrypted at rest (issue 18); absent when it is not. */
    encryption: z
      .object({ type: z.enum(['SSE-S3', 'SSE-KMS', 'SSE-C']), kms_key_id: z.string().optional() })
      .optional(),
    /**
     * Metadata mode (issue 19): the version's storage class, a tier's name when it was transitioned. The
     * one-level listing carries it too when it is not STANDARD.
     */
    storage_class: z.string().optional(),
    /** Metadata mode (issue 19): the `x-amz-restore` state of a transitioned version. */
    restore: z.string().optional(),
  })
  .meta({ id: 'ObjectItem' });
export type ObjectItem = z.infer<typeof objectItemSchema>;

/** Largest page the listing returns; the default page size is 1,000 (one S3 ListObjectsV2 page). */
export const OBJECT_LIST_MAX_PAGE = 5000;

/**
 * GET /api/v1/buckets/{bucket}/objects query. Without `with_versions`/`with_metadata` it lists one level
 * under `prefix` (delimiter '/'), one page at a time: pass the previous `next_cursor` as `cursor` until it
 * is absent. `with_versions=true` lists every version of the key `prefix`; `with_metadata=true` returns the
 * object `prefix` itself with tags, retention, legal hold and user metadata (file mode).
 */
export const listObjectsQuerySchema = z.object({
  prefix: z.string().default(''),
  with_versions: z.stringbool().optional(),
  with_metadata: z.stringbool().optional(),
  /** With with_metadata: that version of the object rather than its current one. */
  version_id: z.string().min(1).optional(),
  /** Lists every key under the prefix, not one level (used by search-all and folder downloads). */
  recursive: z.stringbool().optional(),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(OBJECT_LIST_MAX_PAGE).default(1000),
});
export type ListObjectsQuery = z.input<typeof listObjectsQuerySchema>;

/** GET /api/v1/buckets/{bucket}/objects and GET …/rewind/{isoDate} response. */
export const listObjectsResponseSchema = z
  .object({
    objects: z.array(objectItemSchema),
    /** Present when more entries follow; opaque to clients. */
    next_cursor: z.string().optional(),
  })
  .meta({ id: 'ListObjectsResponse' });
export type ListObjectsResponse = z.infer<typeof listObjectsResponseSchema>;

/** GET /api/v1/buckets/{bucket}/rewind/{isoDate}?prefix (paged as the listing). */
export const rewindParamsSchema = z.object({ bucket: z.string().min(1), date: z.string().min(1) });
export const rewindQuerySchema = z.object({
  prefix: z.string().default(''),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(OBJECT_LIST_MAX_PAGE).default(1000),
});

/** Query naming one object (and optionally one version): share, download, retention, legal hold, tags. */
export const objectTargetQuerySchema = z.object({
  prefix: z.string().min(1, 'prefix (the object key) is required'),
  version_id: z.string().optional(),
});

/** Share links: at most and by default 7 days (spec 1 §9), in milliseconds. */
export const SHARE_MAX_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;
/** GET …/objects/share?prefix&version_id&expires={ms}ms → the URL as text/plain (spec 1 §7). */
export const shareObjectQuerySchema = objectTargetQuerySchema.extend({
  expires: z
    .string()
    .regex(/^\d+(ms)?$/, 'expires must be a number of milliseconds, e.g. 3600000ms')
    .optional(),
});

/**
 * GET …/objects/download?prefix&version_id[&preview=true] streams one object (Range honoured). A prefix that
 * ends in '/' (a folder) or several `prefix` values (multi-selection) stream as one zip archive.
 */
export const downloadObjectQuerySchema = z.object({
  prefix: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  version_id: z.string().optional(),
  preview: z.stringbool().optional(),
});

/** PUT …/objects/retention body (spec 1 §7); `expires` is an RFC 3339 date in the future. */
export const putObjectRetentionRequestSchema = z
  .object({
    mode: z.enum(['governance', 'compliance']),
    expires: z.string().min(1, 'A retention date is required'),
    governance_bypass: z.boolean().optional(),
  })
  .meta({ id: 'PutObjectRetentionRequest' });
export type PutObjectRetentionRequest = z.infer<typeof putObjectRetentionRequestSchema>;

/** PUT …/objects/legalhold body. */
export const putObjectLegalHoldRequestSchema = z
  .object({ status: z.enum(['enabled', 'disabled']) })
  .meta({ id: 'PutObjectLegalHoldRequest' });
export type PutObjectLegalHoldRequest = z.infer<typeof putObjectLegalHoldRequestSchema>;

/** A whole tag set as S3 keeps it: keys up to 128 characters, values up to 256, at most `max` tags. */
export const tagSetSchema = (max: number, holder: string) =>
  z
    .record(z.string().min(1, 'Tag keys must not be empty').max(128), z.string().max(256))
    .refine((t) => Object.keys(t).length <= max, `${holder} can have at most ${max} tags`);

/** PUT …/objects/tags body: the object's whole tag set (S3 allows at most 10 tags). */
export const putObjectTagsRequestSchema = z
  .object({ tags: tagSetSchema(10, 'An object') })
  .meta({ id: 'PutObjectTagsRequest' });
export type PutObjectTagsRequest = z.infer<typeof putObjectTagsRequestSchema>;

/** DELETE /api/v1/buckets/{bucket}/objects?path&version_id&recursive. */
export const deleteObjectQuerySchema = z.object({
  path: z.string().min(1, 'path is required'),
  version_id: z.string().optional(),
  recursive: z.stringbool().optional(),
  /** Also delete every version (and delete marker) of the object or, with recursive, of the folder. */
  all_versions: z.stringbool().optional(),
  bypass: z.stringbool().optional(),
});

/** POST /api/v1/buckets/{bucket}/delete-objects body: one entry per selected row. */
export const deleteObjectsRequestSchema = z
  .array(
    z.object({
      path: z.string().min(1),
      versionID: z.string().optional(),
      recursive: z.boolean().optional(),
    }),
  )
  .min(1, 'Select at least one object to delete')
  .meta({ id: 'DeleteObjectsRequest' });
export type DeleteObjectsRequest = z.infer<typeof deleteObjectsRequestSchema>;

/** POST …/objects/upload?prefix: multipart form; each file part's filename is appended to the prefix. */
export const uploadObjectsQuerySchema = z.object({ prefix: z.string().default('') });

/** Upload response (the spec shows only the status; we list what was stored). */
export const uploadObjectsResponseSchema = z
  .object({
    objects: z.array(z.object({ name: z.string(), size: z.number().int().nonnegative(), etag: z.string() })),
  })
  .meta({ id: 'UploadObjectsResponse' });
export type UploadObjectsResponse = z.infer<typeof uploadObjectsResponseSchema>;

/** Bytes above which the browser shows the "download started" notice (spec 1 §8–9). */
export const LARGE_DOWNLOAD_NOTICE_BYTES = 104_857_600;

/** Previewable extensions (spec 1 §9), by kind. */
export const previewableExtensions = {
  image: [
    'jif',
    'jfif',
    'apng',
    'avif',
    'svg',
    'webp',
    'bmp',
    'ico',
    'jpg',
    'jpe',
    'jpeg',
    'gif',
    'png',
    'heic',
  ],
  text: ['pdf', 'txt'],
  audio: ['wav', 'mp3', 'alac', 'aiff', 'dsd', 'pcm'],
  video: ['mp4', 'avi', 'mpg', 'webm', 'mov', 'flv', 'mkv', 'wmv', 'avchd', 'mpeg-4'],
} as const;
export type PreviewKind = keyof typeof previewableExtensions;

/** The preview kind of an object name, or undefined when the spec does not list its extension. */
export function previewKind(name: string): PreviewKind | undefined {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const ext = base.slice(dot + 1).toLowerCase();
  for (const kind of Object.keys(previewableExtensions) as PreviewKind[]) {
    if ((previewableExtensions[kind] as readonly string[]).includes(ext)) return kind;
  }
  return undefined;
}
