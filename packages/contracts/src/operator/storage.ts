// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** A storage root of the operator (MinIO's `directCSIDriveInfo`, spec 3 §3 "Drive"). */
export const driveInfoSchema = z
  .object({
    drive: z.string(),
    node: z.string(),
    capacity: z.number(),
    allocated: z.number(),
    volumes: z.number().int(),
    status: z.string().describe('Available (no volume yet), InUse, Unavailable'),
    message: z.string().optional(),
  })
  .meta({ id: 'DriveInfo' });
export type DriveInfo = z.infer<typeof driveInfoSchema>;

/** GET /api/v1/direct-csi/drives. */
export const listDrivesResponseSchema = z
  .object({ drives: z.array(driveInfoSchema) })
  .meta({ id: 'ListDrivesResponse' });
export type ListDrivesResponse = z.infer<typeof listDrivesResponseSchema>;

/** POST /api/v1/direct-csi/drives/format body: drives as node:drive. */
export const formatDrivesRequestSchema = z
  .object({ drives: z.array(z.string()).min(1, 'Choose at least one drive'), force: z.boolean() })
  .meta({ id: 'FormatDrivesRequest' });
export type FormatDrivesRequest = z.infer<typeof formatDrivesRequestSchema>;

export const formatIssueSchema = z
  .object({ node: z.string(), drive: z.string(), error: z.string() })
  .meta({ id: 'FormatIssue' });
export const formatDrivesResponseSchema = z
  .object({ formatIssuesList: z.array(formatIssueSchema) })
  .meta({ id: 'FormatDrivesResponse' });
export type FormatDrivesResponse = z.infer<typeof formatDrivesResponseSchema>;

/** The confirmation phrase of Format (spec 3 §9). */
export const FORMAT_CONFIRMATION = 'YES, PROCEED';
