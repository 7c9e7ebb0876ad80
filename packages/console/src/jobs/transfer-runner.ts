// SPDX-License-Identifier: Apache-2.0
import { isFolderPath, type JobItem } from '@stowage/contracts';
import type * as Minio from 'minio';
import type { ObjectLockInfo } from 'minio';
import { listObjectsPage } from '../routes/objects/listing.js';
import {
  eachConcurrently,
  failureOf,
  guarded,
  interruption,
  type JobRun,
  PageCursor,
} from './job-control.js';
import {
  CopyRefused,
  type CopyTarget,
  copyObjectTo,
  headObject,
  keepBothName,
  lockedReason,
  type ObjectHead,
} from './object-copy.js';

/**
 * The copy and move jobs (issue 35). Each selected folder is listed on the server page by page, its keys
 * handled `concurrency` at a time; the cursor moves over the contiguous run of finished keys, so after
 * a restart the walk lists again after it and redoes at most the keys that were in flight. A key done
 * twice is harmless: an identical object already at the destination counts as copied (and a move then
 * only removes the source).
 */
export async function runTransfer(run: JobRun): Promise<void> {
  const { record, s3 } = run;
  const spec = record.spec;
  if (spec.kind === 'delete') throw new Error('not a transfer job');
  const target = await guarded(() => describeTarget(s3, spec.target_bucket));
  const ctx: KeyContext = { run, target, sourceBucket: spec.source_bucket, targetBucket: spec.target_bucket };
  for (; record.cursor.item < spec.items.length; record.cursor = { item: record.cursor.item + 1 }) {
    const item = spec.items[record.cursor.item] as JobItem;
    if (!isFolderPath(item.source)) {
      await eachConcurrently(
        [item.source],
        1,
        run.shouldStop,
        (key) => handleKey(ctx, item, key),
        () => undefined,
      );
      if (run.shouldStop()) return;
      continue;
    }
    for (;;) {
      if (run.shouldStop()) return;
      const after = record.cursor.after;
      const page = await guarded(() =>
        listObjectsPage(s3, spec.source_bucket, {
          prefix: item.source,
          delimiter: '',
          maxKeys: 1000,
          ...(after === undefined ? {} : { startAfter: after }),
        }),
      );
      const keys = page.objects.map((o) => o.key);
      const cursor = new PageCursor(keys);
      await eachConcurrently(
        keys,
        run.concurrency,
        run.shouldStop,
        (key) => handleKey(ctx, item, key),
        (i) => {
          const moved = cursor.settle(i);
          if (moved !== undefined) {
            record.cursor = { item: record.cursor.item, after: moved };
            run.changed();
          }
        },
      );
      if (run.shouldStop()) return;
      if (!page.isTruncated || keys.length === 0) break;
    }
  }
}

interface KeyContext {
  run: JobRun;
  target: CopyTarget;
  sourceBucket: string;
  targetBucket: string;
}

/** Default encryption and object lock of the destination bucket (read once per run). */
async function describeTarget(s3: Minio.Client, bucket: string): Promise<CopyTarget> {
  const defaultEncryption = await s3.getBucketEncryption(bucket).then(
    (c) => (c.Rule?.length ?? 0) > 0,
    (err: unknown) => {
      const code = (err as { code?: unknown }).code;
      if (code === 'ServerSideEncryptionConfigurationNotFoundError' || code === 'NotImplemented')
        return false;
      throw err;
    },
  );
  const locking = await (s3.getObjectLockConfig(bucket) as unknown as Promise<ObjectLockInfo>).then(
    (c) => 'objectLockEnabled' in c && c.objectLockEnabled === 'Enabled',
    () => false,
  );
  return { defaultEncryption, locking };
}

function targetKeyOf(item: JobItem, key: string): string {
  return isFolderPath(item.source) ? item.target + key.slice(item.source.length) : item.target;
}

function sameBytes(a: ObjectHead, b: ObjectHead): boolean {
  return a.size === b.size && a.etag !== '' && a.etag === b.etag;
}

/** One key: checks, the clash rule, the copy, its verification and (for a move) the source's removal. */
async function handleKey(ctx: KeyContext, item: JobItem, key: string): Promise<void> {
  const { run } = ctx;
  const { record, s3 } = run;
  const move = record.spec.kind === 'move';
  record.progress.current_key = key;
  try {
    const head = await headObject(s3, ctx.sourceBucket, key);
    if (head === null) {
      run.fail(key, 'NoSuchKey', 'The object was gone when the job reached it');
      return;
    }
    const locked = move ? lockedReason(head, Date.now()) : null;
    if (locked !== null) throw locked;
    let targetKey = targetKeyOf(item, key);
    const conflict = record.spec.kind === 'delete' ? 'overwrite' : record.spec.conflict;
    let alreadyThere = false;
    if (conflict !== 'overwrite') {
      const existing = await headObject(s3, ctx.targetBucket, targetKey);
      if (existing !== null) {
        if (sameBytes(existing, head)) alreadyThere = true;
        else if (conflict === 'skip') {
          record.progress.skipped++;
          run.changed();
          return;
        } else targetKey = await freeName(s3, ctx.targetBucket, targetKey);
      }
    }
    if (!alreadyThere) {
      await copyObjectTo(
        s3,
        { bucket: ctx.sourceBucket, key, head },
        { bucket: ctx.targetBucket, key: targetKey, target: ctx.target },
        run.multipartThreshold === undefined ? {} : { multipartThreshold: run.multipartThreshold },
      );
    }
    // A move removes the source only now that its copy is verified; versioned buckets keep the history
    // behind a delete marker, as any delete does.
    if (move) await s3.removeObject(ctx.sourceBucket, key);
    record.progress.objects++;
    record.progress.bytes += head.size;
    run.changed();
  } catch (err) {
    const stop = interruption(err);
    if (stop !== null) throw stop;
    if (err instanceof CopyRefused) run.fail(key, err.code, err.message);
    else {
      const f = failureOf(err);
      run.fail(key, f.code, f.reason);
    }
  }
}

/** "keep both": the first "name (n).ext" not taken at the destination. */
async function freeName(s3: Minio.Client, bucket: string, key: string): Promise<string> {
  for (let n = 1; n <= 1000; n++) {
    const candidate = keepBothName(key, n);
    if ((await headObject(s3, bucket, candidate)) === null) return candidate;
  }
  throw new CopyRefused('NameTaken', 'No free "name (n)" was found for keep both (1,000 tried)');
}
