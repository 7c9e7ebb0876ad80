// SPDX-License-Identifier: Apache-2.0
import { isFolderPath } from '@stowage/contracts';
import { deleteBatch } from '../routes/objects/delete-support.js';
import { listObjectsPage } from '../routes/objects/listing.js';
import { guarded, type JobRun } from './job-control.js';

/**
 * The delete job (issue 35, big selections): each selected folder is listed page by page on the server
 * (never in the browser) and removed with S3 DeleteObjects, 1,000 keys a request; the cursor moves after
 * each page, so a restart lists again after the last page deleted. Versioned buckets get delete markers.
 */
export async function runDelete(run: JobRun): Promise<void> {
  const { record, s3 } = run;
  const spec = record.spec;
  if (spec.kind !== 'delete') throw new Error('not a delete job');
  for (; record.cursor.item < spec.paths.length; record.cursor = { item: record.cursor.item + 1 }) {
    const path = spec.paths[record.cursor.item] as string;
    if (!isFolderPath(path)) {
      await deletePage(run, spec.bucket, [path]);
      continue;
    }
    for (;;) {
      if (run.shouldStop()) return;
      const after = record.cursor.after;
      const page = await guarded(() =>
        listObjectsPage(s3, spec.bucket, {
          prefix: path,
          delimiter: '',
          maxKeys: 1000,
          ...(after === undefined ? {} : { startAfter: after }),
        }),
      );
      const keys = page.objects.map((o) => o.key);
      if (keys.length > 0) {
        await deletePage(run, spec.bucket, keys);
        record.cursor = { item: record.cursor.item, after: keys[keys.length - 1] as string };
        run.changed();
      }
      if (!page.isTruncated || keys.length === 0) break;
    }
    if (run.shouldStop()) return;
  }
}

async function deletePage(run: JobRun, bucket: string, keys: string[]): Promise<void> {
  run.record.progress.current_key = keys[keys.length - 1];
  const failed = await guarded(() =>
    deleteBatch(
      run.s3,
      bucket,
      keys.map((key) => ({ key })),
      false,
    ),
  );
  for (const f of failed) {
    const reason =
      f.code === 'AccessDenied'
        ? `${f.message || 'Access denied'} (locked by retention or legal hold, or you may not delete it)`
        : f.message || f.code;
    run.fail(f.key, f.code, reason);
  }
  run.record.progress.objects += keys.length - failed.length;
  run.changed();
}
