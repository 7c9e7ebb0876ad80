// SPDX-License-Identifier: Apache-2.0
import { s3Error } from '../core/errors.js';
import type { DocStore } from './doc-store.js';
import { validateBucketName } from './names.js';
import type {
  BucketConfigName,
  BucketInfo,
  DocHealResult,
  HealOptions,
  OwnerRecord,
  VersioningState,
} from './types.js';

/**
 * The per-bucket documents (`buckets/<bucket>/bucket.json` and the config documents: policy, quota,
 * object-lock, …) with this process's caches of them. Only this layer writes them, so a cached read
 * stays exact until its own write or delete.
 */

/** A bucket's own document. */
export interface BucketDoc {
  created: number;
  versioning: VersioningState;
  objectLock: boolean;
  /** The creator (absent in buckets made before owners were recorded). */
  owner?: OwnerRecord;
}

/** Every bucket config document name, in the order heal rewrites them. */
export const CONFIG_NAMES: readonly BucketConfigName[] = [
  'policy',
  'tagging',
  'object-lock',
  'quota',
  'lifecycle',
  'notification',
  'replication',
  'encryption',
  'targets',
  'cors',
  'public-access-block',
  'ownership',
  'acl',
];

/** A bucket document as the ObjectLayer API reports it. */
export function bucketInfo(name: string, doc: BucketDoc): BucketInfo {
  return {
    name,
    created: new Date(doc.created),
    versioning: doc.versioning,
    objectLockEnabled: doc.objectLock,
    ...(doc.owner ? { owner: doc.owner } : {}),
  };
}

/** Cached access to the bucket documents of one erasure set. */
export class BucketDocs {
  private readonly cache = new Map<string, BucketDoc>();
  /** Counts writes and deletions of bucket documents, as `configGen` does for the config documents. */
  private docGen = 0;
  /**
   * Bucket config documents as last read or written by this process, by bucket then name;
   * null = known absent. `configGen` counts changes so a read that raced with a write never caches
   * the older answer.
   */
  private readonly configCache = new Map<string, Map<BucketConfigName, Buffer | null>>();
  private configGen = 0;

  private readonly store: DocStore;

  constructor(store: DocStore) {
    this.store = store;
  }

  /** The bucket's document, or null when there is no such bucket. */
  async read(name: string): Promise<BucketDoc | null> {
    const cached = this.cache.get(name);
    if (cached) return cached;
    const gen = this.docGen;
    const raw = await this.store.read([name, 'bucket.json']);
    if (!raw) return null;
    const doc = JSON.parse(raw.toString('utf8')) as BucketDoc;
    // A read that raced with a write or a deletion answers what it read but never caches it: the
    // bucket deleted meanwhile would otherwise stay in this process's cache for good.
    if (gen === this.docGen) this.cache.set(name, doc);
    return doc;
  }

  /** The bucket's document; throws NoSuchBucket (or the name's error) otherwise. */
  require(name: string): Promise<BucketDoc> {
    // Every request asks, several times: a cached answer is given without an async frame.
    try {
      validateBucketName(name);
    } catch (err) {
      return Promise.reject(err);
    }
    const cached = this.cache.get(name);
    return cached ? Promise.resolve(cached) : this.#requireRead(name);
  }

  async #requireRead(name: string): Promise<BucketDoc> {
    const doc = await this.read(name);
    if (!doc) throw s3Error('NoSuchBucket', { BucketName: name });
    return doc;
  }

  async write(name: string, doc: BucketDoc): Promise<void> {
    this.forget(name);
    try {
      await this.store.write([name, 'bucket.json'], Buffer.from(JSON.stringify(doc)));
    } finally {
      this.forget(name);
    }
    this.cache.set(name, doc);
  }

  private forget(name: string): void {
    this.docGen++;
    this.cache.delete(name);
  }

  /** Names of the bucket folders in the document store (valid bucket names or not). */
  list(): Promise<string[]> {
    return this.store.listDir([]);
  }

  /** Forget the bucket's cached documents and delete them (bucket deletion). */
  async deleteAll(name: string): Promise<void> {
    this.forget(name);
    this.dropConfigs(name);
    try {
      await this.store.deleteTree([name]);
    } finally {
      this.forget(name);
      this.dropConfigs(name);
    }
  }

  getConfig(bucket: string, name: BucketConfigName): Promise<Buffer | null> {
    // A request reads several of these: a cached one is answered without an async frame. An entry
    // exists only for a bucket and name that passed the checks of the full path below, and a bucket
    // still in the document cache is still there.
    if (this.cache.has(bucket)) {
      const cached = this.configCache.get(bucket)?.get(name);
      if (cached !== undefined) return Promise.resolve(cached);
    }
    return this.#readConfig(bucket, name);
  }

  async #readConfig(bucket: string, name: BucketConfigName): Promise<Buffer | null> {
    await this.require(bucket);
    if (!CONFIG_NAMES.includes(name)) throw s3Error('InvalidArgument', {}, `Unknown bucket config ${name}`);
    const cached = this.configCache.get(bucket)?.get(name);
    if (cached !== undefined) return cached;
    const gen = this.configGen;
    const data = await this.store.read([bucket, name]);
    if (gen === this.configGen) {
      let configs = this.configCache.get(bucket);
      if (!configs) {
        configs = new Map();
        this.configCache.set(bucket, configs);
      }
      configs.set(name, data);
    }
    return data;
  }

  async putConfig(bucket: string, name: BucketConfigName, data: Buffer | null): Promise<void> {
    await this.require(bucket);
    if (!CONFIG_NAMES.includes(name)) throw s3Error('InvalidArgument', {}, `Unknown bucket config ${name}`);
    this.dropConfigs(bucket, name);
    try {
      if (data === null) await this.store.delete([bucket, name]);
      else await this.store.write([bucket, name], data);
    } finally {
      // Whether or not the write reached its quorum, the next read asks the drives again.
      this.dropConfigs(bucket, name);
    }
  }

  /** Forget the cached config documents of a bucket (all of them when `name` is absent). */
  dropConfigs(bucket: string, name?: BucketConfigName): void {
    this.configGen++;
    if (name) this.configCache.get(bucket)?.delete(name);
    else this.configCache.delete(bucket);
  }

  /**
   * Heal each of the bucket's documents (see DocStore.heal), one result each; the cached config
   * documents are dropped after.
   */
  async *heal(bucket: string, opts: HealOptions = {}): AsyncGenerator<DocHealResult> {
    try {
      for (const p of await this.store.listTree([bucket])) {
        const r = await this.store.heal([bucket, ...p.split('/')], opts);
        if (r) yield r;
      }
    } finally {
      this.dropConfigs(bucket);
    }
  }
}
