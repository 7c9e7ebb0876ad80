// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import type { HealOpts, HealResultItem, HealStartSuccess, HealTaskStatus } from '@stowage/madmin';
import { S3Error } from '../core/errors.js';
import { SYS_DIR } from '../object-layer/drive.js';
import type {
  HealDriveState,
  HealObjectResult,
  HealOptions,
  ObjectLayer,
  StorageInfo,
} from '../object-layer/types.js';

/**
 * The admin heal API's sequences (MinIO's allHealState): one heal at a time per path, started with
 * options, walked in the background, its result items queued until the client polls them with the
 * sequence's client token; force start replaces a running sequence, force stop ends it. A finished or
 * stopped sequence is kept for a while so its last items can still be read. Before buckets and objects
 * it heals the store's own documents (root path: configuration, IAM and every bucket's; a bucket: that
 * bucket's), one `bucket-metadata` item each, as MinIO heals its `.minio.sys` files first.
 */

/** How long a finished sequence stays readable by its token (MinIO keeps 10 minutes). */
const KEEP_FINISHED_MS = 10 * 60_000;
/** Unread items a sequence holds before it waits for the client to poll (MinIO's maxUnconsumedHealResultItems). */
const MAX_UNREAD = 1000;

export interface HealPath {
  bucket: string;
  prefix: string;
}

type Settings = Required<Pick<HealOpts, 'recursive' | 'dryRun' | 'remove' | 'scanMode'>>;

class HealSequence {
  readonly token = randomUUID();
  readonly startTime = new Date();
  summary: 'running' | 'finished' | 'stopped' = 'running';
  detail = '';
  endTime: Date | null = null;
  readonly items: HealResultItem[] = [];
  private nextId = 1;
  private readonly abort = new AbortController();
  private wake: (() => void) | null = null;

  constructor(
    readonly path: HealPath,
    readonly settings: Settings,
    readonly clientAddress: string,
  ) {}

  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  /** Stopped at once as far as clients see; the object being healed finishes first. */
  stop(): void {
    if (this.summary === 'running') {
      this.summary = 'stopped';
      this.detail = 'The heal sequence was stopped.';
    }
    this.abort.abort();
    this.wake?.();
  }

  /** Queues an item; waits while the client has not read the earlier ones. */
  async push(item: Omit<HealResultItem, 'resultId'>): Promise<void> {
    while (this.items.length >= MAX_UNREAD && !this.stopped) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    this.items.push({ ...item, resultId: this.nextId++ });
  }

  /** The status answer; the items it carries are handed over (the next poll gets only newer ones). */
  take(): HealTaskStatus {
    const items = this.items.splice(0, this.items.length);
    this.wake?.();
    return {
      summary: this.summary,
      detail: this.detail,
      startTime: this.startTime.toISOString(),
      settings: this.settings,
      items,
    };
  }

  startAnswer(): HealStartSuccess {
    return {
      clientToken: this.token,
      clientAddress: this.clientAddress,
      startTime: this.startTime.toISOString(),
    };
  }
}

const key = (p: HealPath): string => `${p.bucket}/${p.prefix}`;
const overlaps = (a: HealPath, b: HealPath): boolean => {
  const x = key(a);
  const y = key(b);
  return a.bucket === '' || b.bucket === '' || x.startsWith(y) || y.startsWith(x);
};

function driveStates(info: StorageInfo, states: HealDriveState[]): HealResultItem['before'] {
  return {
    drives: info.drives.map((d, i) => ({ uuid: d.uuid, endpoint: d.path, state: states[i] ?? 'ok' })),
  };
}

/** The object layer's heal options for the sequence's settings (scan mode 2 is MinIO's deep scan). */
const layerOptions = (s: Settings): HealOptions => ({
  scanMode: s.scanMode === 2 ? 'deep' : 'normal',
  dryRun: s.dryRun,
  removeDangling: s.remove,
});

/** Heal sequences of one store. */
export class HealSequences {
  private readonly sequences = new Map<string, HealSequence>();

  constructor(
    private readonly layer: ObjectLayer,
    shutdown: AbortSignal,
  ) {
    shutdown.addEventListener('abort', () => {
      for (const s of this.sequences.values()) s.stop();
    });
  }

  /** Starts a sequence on the path; XMinioHealAlreadyRunning when one overlaps it unless `force`. */
  start(path: HealPath, opts: Partial<HealOpts>, clientAddress: string, force: boolean): HealStartSuccess {
    if (!this.layer.healObject) throw new S3Error('XMinioHealNotImplemented');
    this.prune();
    for (const s of this.sequences.values()) {
      if (s.summary !== 'running' || !overlaps(s.path, path)) continue;
      if (!force) {
        throw new S3Error(
          'XMinioHealAlreadyRunning',
          `Heal is already running on the path ${key(s.path)} (client token ${s.token}); use force start to replace it.`,
        );
      }
      s.stop();
    }
    const settings: Settings = {
      recursive: opts.recursive ?? false,
      dryRun: opts.dryRun ?? false,
      remove: opts.remove ?? false,
      scanMode: opts.scanMode ?? 1,
    };
    const seq = new HealSequence(path, settings, clientAddress);
    this.sequences.set(seq.token, seq);
    void this.run(seq);
    return seq.startAnswer();
  }

  /** Stops the running sequence on exactly this path; XMinioHealNoSuchProcess when there is none. */
  stop(path: HealPath): HealStartSuccess {
    for (const s of this.sequences.values()) {
      if (s.summary === 'running' && key(s.path) === key(path)) {
        s.stop();
        return s.startAnswer();
      }
    }
    throw new S3Error('XMinioHealNoSuchProcess');
  }

  /** The sequence's state and its items since the last poll; the token must be the path's. */
  status(path: HealPath, token: string): HealTaskStatus {
    this.prune();
    const seq = this.sequences.get(token);
    if (!seq || key(seq.path) !== key(path)) throw new S3Error('XMinioHealInvalidClientToken');
    return seq.take();
  }

  private prune(): void {
    const now = Date.now();
    for (const [token, s] of this.sequences) {
      if (s.endTime && now - s.endTime.getTime() > KEEP_FINISHED_MS) this.sequences.delete(token);
    }
  }

  private async run(seq: HealSequence): Promise<void> {
    try {
      await this.walk(seq);
      if (!seq.stopped) seq.summary = 'finished';
    } catch (err) {
      seq.summary = 'stopped';
      seq.detail = err instanceof Error ? err.message : String(err);
    } finally {
      seq.endTime = new Date();
    }
  }

  private async walk(seq: HealSequence): Promise<void> {
    const layer = this.layer;
    const info = await layer.storageInfo();
    const online = info.drives.map((d): HealDriveState => (d.state === 'ok' ? 'ok' : 'offline'));
    const common = { versionId: '', detail: '', diskCount: info.drives.length, setCount: 1, objectSize: 0 };
    const { bucket, prefix } = seq.path;
    const buckets = bucket ? [bucket] : (await layer.listBuckets()).map((b) => b.name);
    if (bucket) await layer.getBucketInfo(bucket);
    if (!bucket) {
      const meta = driveStates(info, online);
      await seq.push({ ...common, type: 'metadata', bucket: '', object: '', before: meta, after: meta });
    }
    // The store's own documents before buckets and objects, as MinIO heals its `.minio.sys` first.
    for (const scope of bucket ? [bucket] : [null, ...buckets]) {
      if (seq.stopped) return;
      await this.healDocs(seq, info, scope);
    }
    for (const b of buckets) {
      if (seq.stopped) return;
      const drives = driveStates(info, online);
      await seq.push({ ...common, type: 'bucket', bucket: b, object: '', before: drives, after: drives });
      if (bucket && prefix && !seq.settings.recursive) {
        await this.healOne(seq, info, b, prefix);
        continue;
      }
      if (bucket && !seq.settings.recursive) continue;
      let after: string | undefined;
      for (;;) {
        const page = await layer.listObjects(b, { prefix, ...(after ? { after } : {}), maxKeys: 1000 });
        for (const o of page.objects) {
          if (seq.stopped) return;
          await this.healOne(seq, info, b, o.key);
        }
        if (!page.isTruncated || !page.nextAfter) break;
        after = page.nextAfter;
      }
    }
  }

  /** The documents of one scope (null: configuration and IAM), a `bucket-metadata` item each. */
  private async healDocs(seq: HealSequence, info: StorageInfo, scope: string | null): Promise<void> {
    const docs = this.layer.healDocuments?.(scope, layerOptions(seq.settings));
    if (!docs) return;
    for await (const d of docs) {
      const unwritten = seq.settings.dryRun
        ? 0
        : d.after.filter((s) => s === 'missing' || s === 'corrupt').length;
      await seq.push({
        type: 'bucket-metadata',
        bucket: SYS_DIR,
        object: d.path,
        versionId: '',
        detail: unwritten > 0 ? `${unwritten} drive(s) could not be written` : '',
        parityBlocks: this.layer.parityShards,
        dataBlocks: info.drives.length - this.layer.parityShards,
        diskCount: info.drives.length,
        setCount: 1,
        before: driveStates(info, d.before),
        after: driveStates(info, d.after),
        objectSize: d.size,
      });
      if (seq.stopped) return;
    }
  }

  private async healOne(seq: HealSequence, info: StorageInfo, bucket: string, object: string): Promise<void> {
    const heal = this.layer.healObject?.bind(this.layer);
    if (!heal) return;
    let r: HealObjectResult;
    try {
      r = await heal(bucket, object, layerOptions(seq.settings));
    } catch (err) {
      // An object deleted while the sequence walks is gone, not broken.
      if (err instanceof S3Error && err.code === 'NoSuchKey') return;
      throw err;
    }
    await seq.push({
      type: 'object',
      bucket,
      object,
      versionId: '',
      detail: r.unrecoverable > 0 ? `${r.unrecoverable} version(s) could not be rebuilt` : '',
      parityBlocks: r.geometry?.parity ?? this.layer.parityShards,
      dataBlocks: r.geometry?.data ?? info.drives.length - this.layer.parityShards,
      diskCount: info.drives.length,
      setCount: 1,
      before: driveStates(info, r.before ?? []),
      after: driveStates(info, r.after ?? []),
      objectSize: r.size ?? 0,
    });
  }
}

const byLayer = new WeakMap<ObjectLayer, HealSequences>();

/** The heal sequences of the store whose object layer this is (created on first use). */
export function healSequencesOf(layer: ObjectLayer, shutdown: AbortSignal): HealSequences {
  let s = byLayer.get(layer);
  if (!s) {
    s = new HealSequences(layer, shutdown);
    byLayer.set(layer, s);
  }
  return s;
}
