// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** Fields an audit search may filter on with `fp=field:value` (spec 3 §7). */
export const auditFilterFields = [
  'bucket',
  'object',
  'api_name',
  'request_id',
  'user_agent',
  'response_status',
] as const;
export type AuditFilterField = (typeof auditFilterFields)[number];

const isoTime = z.iso.datetime({ offset: true, error: 'Times must be ISO 8601, e.g. 2024-05-01T10:00:00Z' });

/**
 * The query of `GET /api/v1/logs/search` (spec 3 §7): `q=reqinfo`, repeated `fp=field:value` filters (a
 * `*` in the value matches any text), pages of `pageSize` (100 by default) numbered from 0, newest first
 * unless `order=timeAsc`, optionally between `timeStart` and `timeEnd`.
 */
export const auditSearchQuerySchema = z.object({
  q: z.literal('reqinfo', { error: "q must be 'reqinfo'" }).default('reqinfo'),
  fp: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(
      z.array(
        z
          .string()
          .max(1100)
          .refine((f) => auditFilterFields.some((name) => f.startsWith(`${name}:`)), {
            message: `Each filter must be field:value with a field of ${auditFilterFields.join(', ')}`,
          }),
      ),
    ),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  pageNo: z.coerce.number().int().min(0).default(0),
  order: z.enum(['timeDesc', 'timeAsc']).default('timeDesc'),
  timeStart: isoTime.optional(),
  timeEnd: isoTime.optional(),
});
// No `.meta({ id })` here: a querystring schema must stay inline for the OpenAPI document (a $ref has no
// properties to list as parameters).
export type AuditSearchQuery = z.input<typeof auditSearchQuerySchema>;

/** One audit record as the search returns it (spec 3 §3 "Audit log record"), with the whole record. */
export const auditLogRecordSchema = z
  .object({
    time: z.string(),
    api_name: z.string(),
    bucket: z.string(),
    object: z.string(),
    remote_host: z.string(),
    request_id: z.string(),
    user_agent: z.string(),
    response_status: z.string(),
    response_status_code: z.number().int(),
    request_content_length: z.number(),
    response_content_length: z.number(),
    time_to_response_ns: z.number(),
    /** The audit record as the server sent it (its details). */
    record: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditLogRecord' });
export type AuditLogRecord = z.infer<typeof auditLogRecordSchema>;

export const auditSearchResponseSchema = z
  .object({ results: z.array(auditLogRecordSchema) })
  .meta({ id: 'AuditSearchResponse' });
export type AuditSearchResponse = z.infer<typeof auditSearchResponseSchema>;
