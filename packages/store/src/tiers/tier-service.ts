// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { TierConfig, TierCreds, TierInfo } from '@stowage/madmin';
import { type Clock, systemClock } from '../core/clock.js';
import { isS3Error, S3Error } from '../core/errors.js';
import type { TierAdmin } from '../core/tiers.js';
import { dueAfterDays } from '../lifecycle/evaluate.js';
import { readLifecycle } from '../lifecycle/store.js';
import type { ByteRange, ObjectInfo, ObjectLayer } from '../object-layer/types.js';
import { driverFor, redacted, settingsOf, validateTierConfig, withCredentials } from './config.js';
import { type TierDriver, TierDriverError } from './drivers/driver.js';
import { TierJournal as Journal, type TierJournal, type TierRecord } from './journal.js';

/** Where the tier configurations are kept in the system store (every drive, quorum, atomic). */
export const TIER_CONFIG_PATH = 'tiers/tier-config.json';
/** System metadata key naming a transitioned version's tier (the object layer's TIER_KEY). */
const TIER_KEY = 'x-amz-storage-class';
/** System metadata key of a restored copy (the object layer's RESTORE_KEY). */
const RESTORE_KEY = 'x-amz-restore';

function driverError(err: unknown): S3Error {
  if (err instanceof TierDriverError) {
    const code =
      err.kind === 'bucket-not-found'
        ? 'XMinioAdminTierBucketNotFound'
        : err.kind === 'invalid-credentials'
          ? 'XMinioAdminTierInvalidCredentials'
          : 'XMinioAdminTierInvalidConfig';
    return new S3Error(code, err.message);
  }
  if (err instanceof S3Error) return err;
  return new S3Error('XMinioAdminTierInvalidConfig', (err as Error).message);
}

/**
 * MinIO's remote tiers: the configurations (persisted with the store's system data), the admin
 * operations on them, and the data path of lifecycle transition — copying a version to its tier,
 * reading it back, and removing remote copies of versions that are gone (`sweep`).
 */
export class TierService implements TierAdmin {
  readonly #layer: ObjectLayer;
  readonly #journal: TierJournal;
  #tiers = new Map<string, TierConfig>();
  readonly #drivers = new Map<string, TierDriver>();
  readonly #clock: Clock;

  private constructor(layer: ObjectLayer, clock: Clock) {
    this.#layer = layer;
    this.#clock = clock;
    this.#journal = new Journal(layer.system);
  }

  static async open(layer: ObjectLayer, clock: Clock = systemClock): Promise<TierService> {
    const s = new TierService(layer, clock);
    const raw = await layer.system.read(TIER_CONFIG_PATH);
    const list = raw ? (JSON.parse(raw.toString('utf8')) as TierConfig[]) : [];
    s.#tiers = new Map(list.map((t) => [t.Name, t]));
    layer.setRemoteReader?.((info, range) => s.read(info, range));
    return s;
  }

  has(name: string): boolean {
    return this.#tiers.has(name);
  }

  list(): TierConfig[] {
    return [...this.#tiers.values()].map(redacted);
  }

  #require(name: string): TierConfig {
    const t = this.#tiers.get(name);
    if (!t) throw new S3Error('XMinioAdminTierNotFound', `Specified remote tier ${name} was not found`);
    return t;
  }

  async #save(next: Map<string, TierConfig>): Promise<void> {
    await this.#layer.system.write(TIER_CONFIG_PATH, Buffer.from(JSON.stringify([...next.values()])));
    this.#tiers = next;
    this.#drivers.clear();
  }

  async #driver(name: string): Promise<TierDriver> {
    let d = this.#drivers.get(name);
    if (!d) {
      d = await driverFor(this.#require(name));
      this.#drivers.set(name, d);
    }
    return d;
  }

  async #check(config: TierConfig): Promise<void> {
    try {
      await (await driverFor(config)).verify();
    } catch (err) {
      throw driverError(err);
    }
  }

  async add(config: TierConfig): Promise<void> {
    validateTierConfig(config);
    if (this.#tiers.has(config.Name)) throw new S3Error('XMinioAdminTierAlreadyExists');
    const s = settingsOf(config);
    for (const t of this.#tiers.values()) {
      const o = settingsOf(t);
      if (
        t.Type === config.Type &&
        o.Endpoint === s.Endpoint &&
        o.Bucket === s.Bucket &&
        (o.Prefix ?? '') === (s.Prefix ?? '')
      ) {
        throw new S3Error(
          'XMinioAdminTierInvalidConfig',
          `Tier ${t.Name} already uses this remote bucket and prefix`,
        );
      }
    }
    await this.#check(config);
    await this.#save(new Map(this.#tiers).set(config.Name, { ...config, Version: config.Version || 'v1' }));
  }

  async editCredentials(name: string, creds: TierCreds): Promise<void> {
    const next = withCredentials(this.#require(name), creds);
    await this.#check(next);
    await this.#save(new Map(this.#tiers).set(name, next));
  }

  async remove(name: string): Promise<void> {
    this.#require(name);
    if (await this.#inUse(name)) throw new S3Error('XMinioAdminTierInUse');
    const next = new Map(this.#tiers);
    next.delete(name);
    await this.#save(next);
  }

  async #inUse(name: string): Promise<boolean> {
    for await (const r of this.#journal.all()) if (r.tier === name) return true;
    for (const b of await this.#layer.listBuckets()) {
      const config = await readLifecycle(this.#layer, b.name);
      const used = config?.rules.some((r) =>
        [...(r.transitions ?? []), ...(r.noncurrentVersionTransitions ?? [])].some(
          (t) => t.storageClass === name,
        ),
      );
      if (used) return true;
    }
    return false;
  }

  async verify(name: string): Promise<void> {
    this.#require(name);
    try {
      await (await this.#driver(name)).verify();
    } catch (err) {
      throw driverError(err);
    }
  }

  async stats(): Promise<TierInfo[]> {
    const by = new Map<string, { totalSize: number; numVersions: number; objects: Set<string> }>();
    for (const t of this.#tiers.keys()) by.set(t, { totalSize: 0, numVersions: 0, objects: new Set() });
    for await (const r of this.#journal.all()) {
      const s = by.get(r.tier);
      if (!s) continue;
      s.totalSize += r.size;
      s.numVersions++;
      s.objects.add(`${r.bucket}/${r.key}`);
    }
    return [...by].map(([name, s]) => ({
      Name: name,
      Type: this.#tiers.get(name)?.Type ?? 's3',
      Stats: { totalSize: s.totalSize, numVersions: s.numVersions, numObjects: s.objects.size },
    }));
  }

  /** The tier a version's data was moved to (its storage class when that names a tier). */
  tierOf(info: ObjectInfo): string | undefined {
    const t = info.systemMetadata[TIER_KEY];
    return t !== undefined && this.#tiers.has(t) ? t : undefined;
  }

  /**
   * Lifecycle transition of one version: copy its bytes to the tier, journal the copy, then let the
   * object layer free the local data if the version is unchanged. A failure before the last step
   * leaves the local copy intact (the next cycle tries again).
   */
  async transition(bucket: string, key: string, versionId: string, tier: string): Promise<void> {
    const driver = await this.#driver(tier);
    // Encrypted versions go as their stored ciphertext (the keys stay here), others as their bytes.
    const sealed = await this.#layer.readStoredVersion?.(bucket, key, versionId);
    const got = sealed ?? (await this.#layer.getObject(bucket, key, { versionId }));
    const info = got.info;
    if (info.isDeleteMarker || this.tierOf(info) !== undefined) {
      got.stream.destroy();
      return;
    }
    const object = `${bucket}/${randomUUID()}`;
    await driver.put(object, got.stream, sealed ? sealed.size : info.size);
    const record: TierRecord = {
      tier,
      object,
      bucket,
      key,
      versionId: info.versionId,
      mtime: info.lastModified.getTime(),
      size: info.size,
    };
    await this.#journal.put(record);
    const moved = await this.#layer.transitionVersion?.(
      bucket,
      key,
      info.versionId,
      { etag: info.etag, mtime: record.mtime },
      tier,
    );
    if (!moved) {
      await driver.remove(object);
      await this.#journal.remove(record);
    }
  }

  async restore(
    bucket: string,
    key: string,
    versionId: string | undefined,
    days: number,
  ): Promise<'restored' | 'extended'> {
    const info = await this.#layer.headObject(bucket, key, versionId !== undefined ? { versionId } : {});
    if (info.isDeleteMarker) throw new S3Error('MethodNotAllowed');
    if (this.tierOf(info) === undefined || !this.#layer.restoreVersion) {
      throw new S3Error(
        'InvalidObjectState',
        "Restore is not allowed for the object's current storage class",
      );
    }
    const already = info.systemMetadata[RESTORE_KEY] !== undefined;
    const expiry = dueAfterDays(this.#clock.now(), days);
    const expect = { etag: info.etag, mtime: info.lastModified.getTime(), size: info.size };
    const body = await this.read(info, null);
    const ok = await this.#layer.restoreVersion(bucket, key, info.versionId, body, expect, expiry);
    if (!ok) throw new S3Error('NoSuchVersion', undefined, { Key: key });
    return already ? 'extended' : 'restored';
  }

  /** The bytes of a transitioned version, from its tier. */
  async read(info: ObjectInfo, range: ByteRange | null): Promise<Readable> {
    const record = await this.#journal.get(
      info.bucket,
      info.key,
      info.versionId,
      info.lastModified.getTime(),
    );
    if (!record)
      throw new S3Error(
        'InvalidObjectState',
        `The data of ${info.key} is on a tier but its record is missing`,
      );
    const driver = await this.#driver(record.tier);
    return driver.get(record.object, range);
  }

  /**
   * Run by the lifecycle pass after its transitions (never beside one: a transition's record exists
   * before its version is marked). Removes the remote copies of versions that no longer exist here (deleted, expired, bucket
   * removed) or whose transition never completed; a failed removal is retried by the next sweep.
   */
  async sweep(): Promise<number> {
    let removed = 0;
    for await (const r of this.#journal.all()) {
      let live = false;
      try {
        const info = await this.#layer.headObject(r.bucket, r.key, { versionId: r.versionId });
        live = info.lastModified.getTime() === r.mtime && info.systemMetadata[TIER_KEY] === r.tier;
      } catch (err) {
        if (
          !isS3Error(err, 'NoSuchKey') &&
          !isS3Error(err, 'NoSuchVersion') &&
          !isS3Error(err, 'NoSuchBucket')
        )
          continue;
      }
      if (live || !this.#tiers.has(r.tier)) continue;
      await (await this.#driver(r.tier)).remove(r.object);
      await this.#journal.remove(r);
      removed++;
    }
    return removed;
  }
}
