// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createObjectEventBus, type ObjectEvent } from '../events/object-events.js';
import { openObjectLayer } from '../object-layer/index.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { DataUsageScanner, emptyHistogram, HISTOGRAM_BUCKETS } from './scanner.js';

let dir: string;
let layer: ObjectLayer;

async function put(bucket: string, key: string, bytes: number): Promise<void> {
  await layer.putObject(bucket, key, Readable.from([Buffer.alloc(bytes, 7)]), { size: bytes });
}

/** A committed change as the S3 handlers publish it: a write of `size` bytes, or a removal. */
function objectEvent(bucket: string, key: string, size: number, time = new Date()): ObjectEvent {
  return {
    name: size > 0 ? 's3:ObjectCreated:Put' : 's3:ObjectRemoved:Delete',
    time,
    bucket,
    key,
    size,
    etag: '',
    versionId: '',
    contentType: '',
    principal: 'x',
    sourceIp: '127.0.0.1',
    userAgent: '',
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-scanner-'));
  layer = await openObjectLayer({
    dataDir: dir,
    drives: 4,
    fsync: false,
    healthIntervalMs: 0,
  });
  await layer.makeBucket('plain');
  await layer.makeBucket('versioned');
  await layer.setBucketVersioning('versioned', 'Enabled');
  await put('plain', 'a', 100);
  await put('plain', 'dir/b', 2048);
  await put('versioned', 'k', 10);
  await put('versioned', 'k', 20);
  await layer.deleteObject('versioned', 'k');
});

afterAll(async () => {
  await layer?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('DataUsageScanner', () => {
  it('measures size, objects, versions, delete markers and the size histogram of every bucket', async () => {
    const scanner = new DataUsageScanner(layer, { pageSize: 1 });
    const snap = await scanner.scanAll();
    expect(snap.lastUpdate).not.toBeNull();
    expect(snap.buckets.get('plain')).toMatchObject({
      size: 2148,
      objectsCount: 2,
      versionsCount: 2,
      deleteMarkersCount: 0,
    });
    expect(snap.buckets.get('plain')?.histogram).toMatchObject({
      LESS_THAN_1024_B: 1,
      BETWEEN_1024_B_AND_1_MB: 1,
    });
    // Two versions kept, the latest is a delete marker: no current object, 30 bytes stored.
    expect(snap.buckets.get('versioned')).toMatchObject({
      size: 30,
      objectsCount: 0,
      versionsCount: 2,
      deleteMarkersCount: 1,
    });
    await scanner.stop();
  });

  it('counts what ListObjectVersions lists: every version, delete marker and latest size', async () => {
    await layer.makeBucket('mixed');
    await put('mixed', 'big', 2 * 1024 * 1024);
    await put('mixed', 'empty', 0);
    await layer.setBucketVersioning('mixed', 'Enabled');
    for (const [key, bytes] of [
      ['k1', 10],
      ['k1', 2000],
      ['k1', 30],
      ['k2', 5],
      ['k3', 1500],
      ['k4', 7],
    ] as const)
      await put('mixed', key, bytes);
    await layer.deleteObject('mixed', 'k2');
    await layer.deleteObject('mixed', 'never-written');
    // The figures as the scanner counted them from ListObjectVersions pages before its own walk.
    const want = {
      size: 0,
      objectsCount: 0,
      versionsCount: 0,
      deleteMarkersCount: 0,
      histogram: emptyHistogram(),
    };
    let keyMarker: string | undefined;
    let versionIdMarker: string | undefined;
    for (;;) {
      const page = await layer.listObjectVersions('mixed', { maxKeys: 2, keyMarker, versionIdMarker });
      for (const v of page.versions) {
        if (v.isDeleteMarker) want.deleteMarkersCount++;
        else {
          want.size += v.size;
          want.versionsCount++;
          if (v.isLatest) {
            want.objectsCount++;
            const h = HISTOGRAM_BUCKETS.find((b) => v.size < b.below)?.name as string;
            want.histogram[h] = (want.histogram[h] ?? 0) + 1;
          }
        }
      }
      if (!page.isTruncated) break;
      keyMarker = page.nextKeyMarker ?? undefined;
      versionIdMarker = page.nextVersionIdMarker ?? undefined;
    }
    expect(want).toMatchObject({ size: 2 * 1024 * 1024 + 3552, objectsCount: 5, deleteMarkersCount: 2 });
    for (const pageSize of [1, 2, 1000]) {
      const scanner = new DataUsageScanner(layer, { pageSize });
      expect(await scanner.scanBucket('mixed')).toMatchObject(want);
      await scanner.stop();
    }
  });

  it('counts writes seen on the object event bus at once and rescans the bucket shortly after', async () => {
    const events = createObjectEventBus();
    const scanner = new DataUsageScanner(layer, { dirtyDelayMs: 5 });
    scanner.observe(events);
    await scanner.scanAll();
    expect(await scanner.bucketSize('plain')).toBe(2148);
    await put('plain', 'c', 500);
    events.emit('object', objectEvent('plain', 'c', 500));
    // Immediately: the write's bytes are added (what hard-quota enforcement sees).
    expect(await scanner.bucketSize('plain')).toBe(2648);
    // After the rescan the figure is exact, not double counted.
    await new Promise((r) => setTimeout(r, 50));
    await scanner.scanBucket('plain');
    expect(await scanner.bucketSize('plain')).toBe(2648);
    // A delete marks the bucket for a rescan; refresh() picks it up without waiting.
    await layer.deleteObject('plain', 'c');
    events.emit('object', objectEvent('plain', 'c', 0));
    const snap = await scanner.refresh();
    expect(snap.buckets.get('plain')?.size).toBe(2148);
    await scanner.stop();
  });

  it('does not count a write twice when its event arrives after a later scan started', async () => {
    const events = createObjectEventBus();
    const scanner = new DataUsageScanner(layer, { dirtyDelayMs: 60_000 });
    scanner.observe(events);
    await scanner.scanAll();
    await put('plain', 'late', 300);
    const committed = new Date();
    await new Promise((r) => setTimeout(r, 5));
    await scanner.scanBucket('plain'); // e.g. set-bucket-quota rescans right after the PUT answered
    // The PUT's event reaches the scanner only now, stamped with its commit time.
    events.emit('object', objectEvent('plain', 'late', 300, committed));
    expect(await scanner.bucketSize('plain')).toBe(2448);
    await layer.deleteObject('plain', 'late');
    await scanner.scanBucket('plain');
    await scanner.stop();
  });

  it('rescans a bucket written without pause at a pace set by its last scan, not after every write', async () => {
    // A layer whose bucket walk "takes" 100 ms of the (fake) clock: one page, no keys.
    vi.useFakeTimers();
    try {
      let walks = 0;
      const slow = {
        listObjectUsage: async () => {
          walks++;
          vi.setSystemTime(Date.now() + 100);
          return { objects: [], commonPrefixes: [], isTruncated: false, nextAfter: null };
        },
      } as unknown as ObjectLayer;
      const events = createObjectEventBus();
      const scanner = new DataUsageScanner(slow, { dirtyDelayMs: 5 });
      scanner.observe(events);
      await scanner.scanBucket('busy');
      expect(walks).toBe(1);
      // Writes keep coming: the next walk waits 9 × 100 ms after the last one ended.
      for (let t = 0; t < 800; t += 10) {
        events.emit('object', objectEvent('busy', 'k', 10));
        await vi.advanceTimersByTimeAsync(10);
      }
      expect(walks).toBe(1);
      await vi.advanceTimersByTimeAsync(200);
      expect(walks).toBe(2);
      // Writes counted meanwhile are still part of the bucket's size (what quotas see).
      events.emit('object', objectEvent('busy', 'k', 10));
      expect(await scanner.bucketSize('busy')).toBeGreaterThanOrEqual(10);
      await scanner.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets deleted buckets and reports unknown ones as empty', async () => {
    await layer.makeBucket('temp');
    await put('temp', 'x', 5);
    const scanner = new DataUsageScanner(layer);
    await scanner.scanAll();
    expect(scanner.snapshot().buckets.has('temp')).toBe(true);
    await layer.deleteBucket('temp', { force: true });
    const snap = await scanner.refresh();
    expect(snap.buckets.has('temp')).toBe(false);
    expect(await scanner.bucketSize('nope')).toBe(0);
    await scanner.stop();
  });
});

describe('scanner pacing', () => {
  it('sleeps between pages of a background cycle, but a caller waiting for the scan is not held up', async () => {
    await layer.makeBucket('paced');
    for (const k of ['a', 'b', 'c']) await put('paced', k, 10);
    const scanner = new DataUsageScanner(layer, { pageSize: 1 });
    // Hour-long sleeps: the background cycle would not finish within the test unless a waiting
    // caller cuts the pacing short.
    scanner.setPacing({ delay: 1e9, maxWaitMs: 3_600_000, cycleMs: 3_600_000 });
    expect(scanner.pacing.cycleMs).toBe(3_600_000);
    const background = scanner.scanAll(true);
    expect(await scanner.bucketSize('paced')).toBe(30);
    const snapshot = await scanner.ensureScanned();
    expect(snapshot.buckets.get('paced')?.objectsCount).toBe(3);
    await background;
    await scanner.stop();
  });
});
