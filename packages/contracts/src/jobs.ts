// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * Background jobs of the console (issue 35): copy, move and rename of objects and folders, and deletes of
 * whole folders, run by the console itself with the credentials of the session that started them. Jobs
 * and their progress are kept in the console's data folder, so a restart resumes a job where it stopped.
 */

/** What a name clash at the destination does: replace, leave the destination, or add "name (1).ext". */
export const jobConflictSchema = z.enum(['overwrite', 'skip', 'keep-both']);
export type JobConflict = z.infer<typeof jobConflictSchema>;

/**
 * One selected entry. A folder ends in '/': every key under `source` goes under `target` (a rename of a
 * folder is `a/old/` → `a/new/`). An object names a single key.
 */
export const jobItemSchema = z.object({
  source: z.string().describe('A key, or a folder ending in "/"; "" is the whole bucket'),
  target: z.string().describe('A key, or a folder ending in "/"; "" is the bucket\'s root'),
});

/** Whether a job path names a folder: it ends in '/', or it is '' (the whole bucket). */
export function isFolderPath(path: string): boolean {
  return path === '' || path.endsWith('/');
}
export type JobItem = z.infer<typeof jobItemSchema>;

/** At most this many selected rows per job; a folder row stands for every key under it (up to any count). */
export const JOB_MAX_ITEMS = 1000;

/** POST /api/v1/jobs: copy or move (a rename is a move within one bucket). */
export const transferJobRequestSchema = z.object({
  kind: z.enum(['copy', 'move']),
  source_bucket: z.string().min(1),
  target_bucket: z.string().min(1),
  items: z.array(jobItemSchema).min(1, 'Select at least one object').max(JOB_MAX_ITEMS),
  conflict: jobConflictSchema.default('overwrite'),
});

/** POST /api/v1/jobs: delete the latest versions of the selected objects and folders (delete markers in versioned buckets). */
export const deleteJobRequestSchema = z.object({
  kind: z.literal('delete'),
  bucket: z.string().min(1),
  paths: z
    .array(z.string().describe('A key, or a folder ending in "/"; "" is every object of the bucket'))
    .min(1, 'Select at least one object')
    .max(JOB_MAX_ITEMS),
});

export const createJobRequestSchema = z
  .discriminatedUnion('kind', [transferJobRequestSchema, deleteJobRequestSchema])
  .meta({ id: 'CreateJobRequest' });
export type CreateJobRequest = z.input<typeof createJobRequestSchema>;
export type CreateJobSpec = z.infer<typeof createJobRequestSchema>;

export const jobStateSchema = z.enum(['running', 'paused', 'completed', 'failed', 'canceled']);
export type JobState = z.infer<typeof jobStateSchema>;

/** One key the job could not handle, and why. */
export const jobFailureSchema = z.object({
  key: z.string(),
  code: z
    .string()
    .describe('S3 error code, or a console reason such as LegalHold, Retention, SseCustomerKey'),
  reason: z.string(),
});
export type JobFailure = z.infer<typeof jobFailureSchema>;

/** Failures kept per job; `failed` counts them all. */
export const JOB_MAX_FAILURES_KEPT = 1000;

export const jobProgressSchema = z.object({
  /** Objects copied, moved or deleted. */
  objects: z.number().int().nonnegative(),
  /** Bytes copied (0 for deletes). */
  bytes: z.number().int().nonnegative(),
  /** Objects left alone because of a name clash with `conflict: skip`. */
  skipped: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** The key being handled now (the last one handled when the job is not running). */
  current_key: z.string().optional(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

export const jobSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['copy', 'move', 'delete']),
    state: jobStateSchema,
    /** A short human description: "Move 3 items from photos/ to archive/2024/". */
    title: z.string(),
    source_bucket: z.string(),
    target_bucket: z.string().optional(),
    conflict: jobConflictSchema.optional(),
    items: z.number().int().nonnegative(),
    created: z.string(),
    updated: z.string(),
    progress: jobProgressSchema,
    /** Why a job is paused when the console paused it (the session's credentials expired). */
    paused_reason: z.string().optional(),
    /** Why a job failed as a whole (its bucket vanished, the server refused every request…). */
    error: z.string().optional(),
    failures: z.array(jobFailureSchema),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

export const listJobsResponseSchema = z.object({ jobs: z.array(jobSchema) }).meta({ id: 'ListJobsResponse' });
export type ListJobsResponse = z.infer<typeof listJobsResponseSchema>;

export const jobParamsSchema = z.object({ id: z.string().min(1) });
export const jobActionParamsSchema = z.object({
  id: z.string().min(1),
  action: z.enum(['pause', 'resume', 'cancel']),
});
export type JobAction = z.infer<typeof jobActionParamsSchema>['action'];

/** What a session may do with the objects of one bucket (s3:GetObject, s3:PutObject, s3:DeleteObject). */
export interface BucketObjectAccess {
  read: boolean;
  write: boolean;
  delete: boolean;
}

/**
 * Why a job may not be started, or null when it may (issue 35: an action the session may not do is
 * disabled with the reason; reading but not deleting the source leaves Copy possible and Move not). The
 * console checks it when a job is created; the web app with the answers of has-permission.
 */
export function jobBlockedReason(
  kind: 'copy' | 'move' | 'delete',
  source: { bucket: string; access: BucketObjectAccess },
  target?: { bucket: string; access: BucketObjectAccess },
): string | null {
  if (kind === 'delete')
    return source.access.delete ? null : `You may not delete objects in ${source.bucket}.`;
  if (!source.access.read) return `You may not read objects in ${source.bucket}.`;
  if (kind === 'move' && !source.access.delete)
    return `Move is not available: you may read objects in ${source.bucket} but not delete them. Copy them instead.`;
  if (target !== undefined && !target.access.write) return `You may not write objects in ${target.bucket}.`;
  return null;
}
