// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** One question "may I do `action` on `bucket_name`?" (spec 1 §3 "Permission check"). */
export const permissionQuerySchema = z.object({
  id: z.string().min(1).describe('Caller-chosen key echoed in the answer'),
  action: z.string().min(1).describe('IAM action, e.g. s3:CreateBucket'),
  bucket_name: z.string().default('').describe('Bucket, or empty for the console as a whole'),
});
export type PermissionQuery = z.input<typeof permissionQuerySchema>;

/** POST /api/v1/has-permission body. */
export const hasPermissionRequestSchema = z
  .object({ actions: z.array(permissionQuerySchema).max(1000) })
  .meta({ id: 'HasPermissionRequest' });
export type HasPermissionRequest = z.input<typeof hasPermissionRequestSchema>;

/** POST /api/v1/has-permission response: one entry per asked id. */
export const hasPermissionResponseSchema = z
  .object({ permissions: z.array(z.object({ id: z.string(), can: z.boolean() })) })
  .meta({ id: 'HasPermissionResponse' });
export type HasPermissionResponse = z.infer<typeof hasPermissionResponseSchema>;
