// Wire types of the heal calls (madmin-go heal-commands.go).
import type { Disk } from './info.js';

/** 0 unknown, 1 normal (parts present and current), 2 deep (bitrot checksums too). */
export type HealScanMode = 0 | 1 | 2;

/** `POST /heal/<bucket>/<prefix>` body. */
export interface HealOpts {
  recursive: boolean;
  dryRun: boolean;
  remove: boolean;
  recreate?: boolean;
  scanMode: HealScanMode;
  nolock?: boolean;
}

/** Answer to the request that starts a heal sequence. */
export interface HealStartSuccess {
  clientToken: string;
  clientAddress: string;
  startTime: string;
}

export interface HealDriveInfo {
  uuid: string;
  endpoint: string;
  state: string;
}

export interface HealResultItem {
  resultId: number;
  /** `metadata`, `bucket`, `object`. */
  type: string;
  bucket: string;
  object: string;
  versionId: string;
  detail: string;
  parityBlocks?: number;
  dataBlocks?: number;
  diskCount: number;
  setCount: number;
  before: { drives: HealDriveInfo[] | null };
  after: { drives: HealDriveInfo[] | null };
  objectSize: number;
}

/** Answer to a status poll (request with `clientToken`). */
export interface HealTaskStatus {
  /** `running`, `stopped`, `finished`. */
  summary: string;
  detail: string;
  startTime: string;
  settings: HealOpts;
  items?: HealResultItem[];
}

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

export interface SetStatus {
  id: string;
  pool_index: number;
  set_index: number;
  heal_status: string;
  heal_priority: string;
  total_objects?: number;
  disks: Disk[] | null;
}

export interface MRFStatus {
  bytes_healed: number;
  items_healed: number;
  total_items?: number;
  total_bytes?: number;
  started?: string;
}

/** `POST /background-heal/status` response. */
export interface BgHealState {
  offline_nodes: string[] | null;
  ScannedItemsCount?: number;
  HealDisks?: string[] | null;
  sets: SetStatus[] | null;
  mrf?: Record<string, MRFStatus> | null;
  sc_parity?: Record<string, number> | null;
}
