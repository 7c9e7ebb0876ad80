// SPDX-License-Identifier: Apache-2.0
// Wire types of the heal calls (madmin-go heal-commands.go).
import { z } from 'zod';
import { diskSchema } from './info.js';

/** 0 unknown, 1 normal (parts present and current), 2 deep (bitrot checksums too). */
export const healScanModeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type HealScanMode = z.infer<typeof healScanModeSchema>;

/** `POST /heal/<bucket>/<prefix>` body. */
export const healOptsSchema = z.object({
  recursive: z.boolean(),
  dryRun: z.boolean(),
  remove: z.boolean(),
  recreate: z.boolean().optional(),
  scanMode: healScanModeSchema,
  nolock: z.boolean().optional(),
});
export type HealOpts = z.infer<typeof healOptsSchema>;

/** Answer to the request that starts a heal sequence. */
export const healStartSuccessSchema = z.object({
  clientToken: z.string(),
  clientAddress: z.string(),
  startTime: z.string(),
});
export type HealStartSuccess = z.infer<typeof healStartSuccessSchema>;

/** One drive before or after healing. */
export const healDriveInfoSchema = z.object({ uuid: z.string(), endpoint: z.string(), state: z.string() });
export type HealDriveInfo = z.infer<typeof healDriveInfoSchema>;

/** The drives of a healed item. */
const healDrivesSchema = z.object({ drives: z.array(healDriveInfoSchema).nullable() });

/** What healing did to one item. */
export const healResultItemSchema = z.object({
  resultId: z.number(),
  /** `metadata`, `bucket`, `bucket-metadata`, `object`. */
  type: z.string(),
  bucket: z.string(),
  object: z.string(),
  versionId: z.string(),
  detail: z.string(),
  parityBlocks: z.number().optional(),
  dataBlocks: z.number().optional(),
  diskCount: z.number(),
  setCount: z.number(),
  before: healDrivesSchema,
  after: healDrivesSchema,
  objectSize: z.number(),
});
export type HealResultItem = z.infer<typeof healResultItemSchema>;

/** Answer to a status poll (request with `clientToken`). */
export const healTaskStatusSchema = z.object({
  /** `running`, `stopped`, `finished`. */
  summary: z.string(),
  detail: z.string(),
  startTime: z.string(),
  /** The options the sequence runs with (keys the server left out are false/0). */
  settings: healOptsSchema.partial(),
  items: z.array(healResultItemSchema).nullish(),
});
export type HealTaskStatus = z.infer<typeof healTaskStatusSchema>;

/** Options of one heal request. */
export interface HealRequest {
  bucket?: string;
  prefix?: string;
  opts?: Partial<HealOpts>;
  /** Poll an existing sequence instead of starting one. */
  clientToken?: string;
  forceStart?: boolean;
  forceStop?: boolean;
}

/** Healing state of one erasure set. */
export const setStatusSchema = z.object({
  id: z.string(),
  pool_index: z.number(),
  set_index: z.number(),
  heal_status: z.string(),
  heal_priority: z.string(),
  total_objects: z.number().optional(),
  disks: z.array(diskSchema).nullable(),
});
export type SetStatus = z.infer<typeof setStatusSchema>;

/** Progress of the most-recently-failed queue of one node. */
export const mrfStatusSchema = z.object({
  bytes_healed: z.number(),
  items_healed: z.number(),
  total_items: z.number().optional(),
  total_bytes: z.number().optional(),
  started: z.string().optional(),
});
export type MRFStatus = z.infer<typeof mrfStatusSchema>;

/** `POST /background-heal/status` response. */
export const bgHealStateSchema = z.object({
  offline_nodes: z.array(z.string()).nullable(),
  ScannedItemsCount: z.number().optional(),
  HealDisks: z.array(z.string()).nullish(),
  sets: z.array(setStatusSchema).nullable(),
  mrf: z.record(z.string(), mrfStatusSchema).nullish(),
  sc_parity: z.record(z.string(), z.number()).nullish(),
});
export type BgHealState = z.infer<typeof bgHealStateSchema>;
