// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../config/registry.js';
import type { Clock } from './clock.js';

/** What `startStore` is configured with (see ../server.ts). */
export interface StoreOptions {
  /** Folder holding the drive folders (`drive1` … `driveN`) and the store's own files. */
  dataDir: string;
  /** Number of drive folders (1 = plain mode, ≥ 4 = erasure coded). Ignored when `pools` is given. */
  drives: number;
  /**
   * Server pools (the `stowage server` command's argument groups): each is its own erasure set over
   * explicit drive folders, optionally sized; together one namespace. Absent: one pool of
   * `dataDir/drive1..driveN`. `dataDir` still holds the store's own node-local files (queues).
   */
  pools?: PoolSpec[];
  port: number;
  host?: string;
  rootUser: string;
  rootPassword: string;
  /**
   * Region reported by GetBucketLocation until the `region` config set names one; '' means us-east-1
   * semantics.
   */
  region?: string;
  /**
   * Where `MINIO_<SET>_<KEY>` configuration overrides are read (config/env.ts); process.env when absent.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** The configuration sets this store knows (config/sets ALL_SETS when absent; tests may add their own). */
  configSets?: readonly ConfigSetDef[];
  /** HTTPS: the key pair, and the certs folder's `CAs/` client certificates are verified against. */
  tls?: { cert: Buffer; key: Buffer; cas?: Buffer[] };
  /**
   * Domains for virtual-host style requests (`bucket.<domain>`), like MinIO's MINIO_DOMAIN.
   * `localhost` is always included.
   */
  domains?: string[];
  /** How long close() lets requests in flight finish before cutting connections (default 5 s). */
  shutdownGraceMs?: number;
  /** First retry delay of bucket replication (default 250 ms, backing off to 30 s); tests shorten it. */
  replicationRetryMs?: number;
  /**
   * Told of admin `service?action=restart|stop|freeze|unfreeze` (the embedding process acts on it).
   * Without it the admin API answers NotImplemented for stop/freeze/unfreeze.
   */
  onServiceAction?: ServiceActionHook;
  /** Where time-based data services (lifecycle) read the time; the system clock when absent. */
  clock?: Clock;
}

/** One server pool: its drive folders in set order and, optionally, its parity (MinIO's default else). */
export interface PoolSpec {
  drives: { path: string; capacity?: number }[];
  parity?: number;
  /**
   * The pool's argument as given (e.g. `/data/p1/d{1...4}`): its name in the admin pools API and
   * errors. Absent: its drive paths joined by spaces.
   */
  cmdline?: string;
}

/** Admin `service` actions the embedding process may handle. */
export type ServiceAction = 'restart' | 'stop' | 'freeze' | 'unfreeze';

/** The embedding process's handler of admin `service` actions. */
export type ServiceActionHook = (action: ServiceAction) => Promise<void>;
