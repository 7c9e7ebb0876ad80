// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

const flag = z.enum(['true', 'false']).default('false');

/**
 * The query of `GET /ws/heal/{bucket}` (spec 3 §7): the prefix to heal, recursive, dry run, deep scan
 * (bitrot checksums read), remove dangling copies, and Force Start / Force Stop (never both).
 */
export const healQuerySchema = z
  .object({
    prefix: z.string().max(1024).default(''),
    recursive: flag,
    'dry-run': flag,
    'deep-scan': flag,
    remove: flag,
    'force-start': flag,
    'force-stop': flag,
  })
  .refine((q) => !(q['force-start'] === 'true' && q['force-stop'] === 'true'), {
    message: 'Force Start and Force Stop cannot both be selected',
  })
  .meta({ id: 'HealQuery' });
export type HealQuery = z.input<typeof healQuerySchema>;

/** How many items were in each health colour (spec 3 §3). */
export const healthColoursSchema = z.object({
  green: z.number().int().nonnegative(),
  yellow: z.number().int().nonnegative(),
  red: z.number().int().nonnegative(),
  grey: z.number().int().nonnegative(),
});
export type HealthColours = z.infer<typeof healthColoursSchema>;

/** Heal progress sent over `/ws/heal/{bucket}` after each status poll (spec 3 §3 "Heal progress"). */
export const healProgressSchema = z
  .object({
    /** running, finished or stopped. */
    summary: z.string(),
    healthBeforeCols: healthColoursSchema,
    healthAfterCols: healthColoursSchema,
    itemsScanned: z.number().int().nonnegative(),
    objectsScanned: z.number().int().nonnegative(),
    objectsHealed: z.number().int().nonnegative(),
    /** Seconds since the heal started. */
    healDuration: z.number().nonnegative(),
    bytesScanned: z.number().nonnegative(),
  })
  .meta({ id: 'HealProgress' });
export type HealProgress = z.infer<typeof healProgressSchema>;

/** One diagnostic snapshot over `/ws/health-info` (spec 3 §3): when it was taken, and the report so far. */
export const diagnosticMessageSchema = z
  .object({
    timestamp: z.string(),
    serverHealthInfo: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'DiagnosticMessage' });
export type DiagnosticMessage = z.infer<typeof diagnosticMessageSchema>;

/** The query of `GET /ws/health-info`: how long the server may take (a Go duration; spec 3 §9: 1h). */
export const healthInfoQuerySchema = z
  .object({
    deadline: z
      .string()
      .regex(/^(\d+(h|m|s))+$/, 'Deadline must be a duration such as 1h or 90s')
      .default('1h'),
  })
  .meta({ id: 'HealthInfoQuery' });
