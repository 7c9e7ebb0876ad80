// SPDX-License-Identifier: Apache-2.0
// Wire types of the health report stream (madmin-go health.go).
import { z } from 'zod';
import { jsonObjectSchema, jsonValueSchema } from './json.js';

/** What `GET /healthinfo` may collect; each is sent as a `true`/`false` query flag. */
export type HealthDataType =
  | 'minioinfo'
  | 'minioconfig'
  | 'syscpu'
  | 'sysdrivehw'
  | 'sysdocker'
  | 'sysosinfo'
  | 'sysload'
  | 'sysmem'
  | 'sysnet'
  | 'sysprocess'
  | 'syserrors'
  | 'sysservices'
  | 'sysconfig';

/**
 * One snapshot of the health report; the server sends ever more complete snapshots and the last one
 * is the report. The body is large and version-dependent, so only the envelope is typed; the rest is
 * kept as JSON.
 */
export const healthInfoSchema = z
  .object({
    version: z.string().optional(),
    error: z.string().optional(),
    timestamp: z.string().optional(),
    sys: jsonObjectSchema.optional(),
    minio: z
      .object({
        info: jsonObjectSchema.optional(),
        config: jsonValueSchema.optional(),
        error: z.string().optional(),
      })
      .catchall(jsonValueSchema)
      .optional(),
  })
  .catchall(jsonValueSchema);
export type HealthInfo = z.infer<typeof healthInfoSchema>;
