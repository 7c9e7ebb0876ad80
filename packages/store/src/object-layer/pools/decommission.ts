// SPDX-License-Identifier: Apache-2.0
import type { SystemStore } from '../types.js';
import { type PoolLayout, saveLayout } from './layout.js';

/**
 * Decommission of a server pool (admin `pools/decommission`, see docs/pools.md): the pool takes no
 * new objects, and a background walk moves every key of every bucket out of it — all versions, oldest
 * first, as stored (PoolsObjectLayer.moveKey) — into the pools placement chooses. S3 traffic goes on:
 * a key is moved under its lock, so a write of it waits for its move and then lands where it went.
 * Progress is saved in the system store (`pools/decommission.json`) every few keys and when the walk
 * ends; at open a decommission that was running resumes from its last bucket and key. Once no key is
 * left, uploads still open in the pool are aborted, the layout records the pool as decommissioned, and
 * the store may restart without it.
 */

const STATE = 'pools/decommission.json';
/** Keys asked of the pool per listing page. */
const PAGE = 100;
/** Progress is saved after this many keys (and at every end). */
const SAVE_EVERY = 50;

/** madmin's PoolDecommissionInfo (JSON names as madmin-go's tags). */
export interface DecommissionInfo {
  startTime: string;
  startSize: number;
  totalSize: number;
  currentSize: number;
  complete: boolean;
  failed: boolean;
  canceled: boolean;
  objectsDecommissioned: number;
  objectsDecommissionedFailed: number;
  bytesDecommissioned: number;
  bytesDecommissionedFailed: number;
}

/** What is persisted per pool id: madmin's figures, when it last changed, and where the walk was. */
interface PoolState {
  info: DecommissionInfo;
  lastUpdate: string;
  bucket?: string;
  after?: string;
}

/** A decommission refused (madmin: XMinioDecommissionNotAllowed). */
export class DecommissionError extends Error {
  override readonly name = 'DecommissionError';
}

/** What the decommission needs of the pools layer. */
export interface DecommissionHost {
  readonly ids: string[];
  readonly cmdlines: string[];
  readonly suspended: Set<number>;
  poolCount(): number;
  /** Total and free bytes of one pool's drives. */
  poolSpace(pool: number): Promise<{ total: number; free: number }>;
  buckets(): Promise<string[]>;
  /** Keys of a bucket the pool holds (any version or delete marker), after `after`, with their sizes. */
  poolKeys(
    pool: number,
    bucket: string,
    after: string | undefined,
    max: number,
  ): Promise<{ keys: { key: string; versions: number; bytes: number }[]; more: boolean }>;
  placeNew(size: number): Promise<number>;
  moveKey(
    bucket: string,
    key: string,
    from: number,
    to: number,
  ): Promise<{ versions: number; bytes: number }>;
  abortUploads(pool: number): Promise<void>;
  layout(): PoolLayout;
}

export class PoolDecommission {
  private state: Record<string, PoolState> = {};
  private running: { pool: number; stop: boolean; done: Promise<void> } | null = null;
  /** Errors of the background walk (logged by the store). */
  onError: (err: unknown) => void = () => undefined;

  private readonly host: DecommissionHost;
  private readonly system: SystemStore;
  private readonly stores: readonly SystemStore[];

  // No parameter properties: the object layer is also loaded by Node's type stripping (crash tests).
  constructor(host: DecommissionHost, system: SystemStore, stores: readonly SystemStore[]) {
    this.host = host;
    this.system = system;
    this.stores = stores;
  }

  /** Load the saved state; resume a decommission that was running when the store stopped. */
  async open(): Promise<void> {
    const raw = await this.system.read(STATE);
    this.state = raw ? (JSON.parse(raw.toString('utf8')) as Record<string, PoolState>) : {};
    for (const [i, id] of this.host.ids.entries()) {
      const s = this.state[id];
      if (s && !s.info.complete && !s.info.failed && !s.info.canceled) {
        this.host.suspended.add(i);
        this.launch(i);
        break;
      }
    }
  }

  /** madmin's PoolStatus of one pool. */
  status(pool: number): {
    id: number;
    cmdline: string;
    lastUpdate: string;
    decommissionInfo?: DecommissionInfo;
  } {
    const s = this.state[this.host.ids[pool] as string];
    return {
      id: pool,
      cmdline: this.host.cmdlines[pool] as string,
      lastUpdate: s?.lastUpdate ?? new Date().toISOString(),
      ...(s ? { decommissionInfo: { ...s.info } } : {}),
    };
  }

  /** Start decommissioning a pool (in the background); DecommissionError when not allowed. */
  async start(pool: number): Promise<void> {
    if (this.running) throw new DecommissionError('decommission is already in progress');
    const id = this.host.ids[pool] as string;
    if (this.state[id]?.info.complete || this.host.layout().pools[pool]?.decommissioned) {
      throw new DecommissionError('decommission is already complete for this pool');
    }
    const others = this.host.ids.filter((_, i) => i !== pool && !this.host.suspended.has(i));
    if (others.length === 0) throw new DecommissionError('no other pool can take the objects of this pool');
    const space = await this.host.poolSpace(pool);
    const now = new Date().toISOString();
    this.state[id] = {
      info: {
        startTime: now,
        startSize: space.free,
        totalSize: space.total,
        currentSize: space.free,
        complete: false,
        failed: false,
        canceled: false,
        objectsDecommissioned: 0,
        objectsDecommissionedFailed: 0,
        bytesDecommissioned: 0,
        bytesDecommissionedFailed: 0,
      },
      lastUpdate: now,
    };
    this.host.suspended.add(pool);
    await this.save();
    this.launch(pool);
  }

  /** Cancel a running decommission: the walk stops and the pool takes new objects again. */
  async cancel(pool: number): Promise<void> {
    const run = this.running;
    if (!run || run.pool !== pool)
      throw new DecommissionError('no decommission is in progress for this pool');
    run.stop = true;
    await run.done;
    const s = this.state[this.host.ids[pool] as string];
    if (s && !s.info.complete) {
      s.info.canceled = true;
      s.lastUpdate = new Date().toISOString();
      this.host.suspended.delete(pool);
      await this.save();
    }
  }

  /** Resolves when no decommission runs (tests, shutdown). */
  async idle(): Promise<void> {
    await this.running?.done;
  }

  /** Stop the walk (at close); its progress is saved and it resumes at the next open. */
  async stop(): Promise<void> {
    if (this.running) this.running.stop = true;
    await this.idle();
  }

  private launch(pool: number): void {
    const run = { pool, stop: false, done: Promise.resolve() };
    run.done = this.walk(run)
      .catch((err: unknown) => this.onError(err))
      .finally(() => {
        if (this.running === run) this.running = null;
      });
    this.running = run;
  }

  private async save(): Promise<void> {
    await this.system.write(STATE, Buffer.from(JSON.stringify(this.state)));
  }

  private async walk(run: { pool: number; stop: boolean }): Promise<void> {
    const { pool } = run;
    const s = this.state[this.host.ids[pool] as string] as PoolState;
    let sinceSave = 0;
    const touch = async (force = false): Promise<void> => {
      s.lastUpdate = new Date().toISOString();
      if (force || ++sinceSave >= SAVE_EVERY) {
        sinceSave = 0;
        s.info.currentSize = (await this.host.poolSpace(pool).catch(() => null))?.free ?? s.info.currentSize;
        await this.save();
      }
    };
    const failedKeys = new Set<string>();
    const buckets = (await this.host.buckets()).sort();
    for (const bucket of buckets) {
      if (s.bucket !== undefined && bucket < s.bucket) continue;
      if (s.bucket !== bucket) {
        s.bucket = bucket;
        delete s.after;
      }
      for (;;) {
        if (run.stop) return void (await touch(true));
        const page = await this.host.poolKeys(pool, bucket, s.after, PAGE);
        for (const k of page.keys) {
          if (run.stop) return void (await touch(true));
          try {
            const to = await this.host.placeNew(k.bytes);
            const moved = await this.host.moveKey(bucket, k.key, pool, to);
            s.info.objectsDecommissioned += moved.versions;
            s.info.bytesDecommissioned += moved.bytes;
          } catch (err) {
            failedKeys.add(`${bucket}/${k.key}`);
            s.info.objectsDecommissionedFailed += k.versions;
            s.info.bytesDecommissionedFailed += k.bytes;
            this.onError(err);
          }
          s.after = k.key;
          await touch();
        }
        if (!page.more) break;
      }
    }
    // Whatever is left (keys that failed, or written by a multipart upload meanwhile) decides the end.
    let left = 0;
    for (const bucket of buckets) left += (await this.host.poolKeys(pool, bucket, undefined, 1)).keys.length;
    if (left > 0 || failedKeys.size > 0) {
      s.info.failed = true;
      this.host.suspended.delete(pool);
    } else {
      await this.host.abortUploads(pool);
      s.info.complete = true;
      const layout = this.host.layout();
      const entry = layout.pools[pool];
      if (entry) entry.decommissioned = true;
      layout.version++;
      await saveLayout(this.stores, layout);
    }
    await touch(true);
  }
}
