// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isS3Error } from '../core/errors.js';
import { openObjectLayer } from '../object-layer/index.js';
import { startStaleUploadCleanup } from './stale-uploads.js';

describe('stale multipart upload cleanup', () => {
  it('removes uploads older than the limit on its timer, keeps fresh ones', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-stale-'));
    const layer = await openObjectLayer({ dataDir: dir, drives: 4, healthIntervalMs: 0 });
    try {
      await layer.makeBucket('upl');
      const old = await layer.newMultipartUpload('upl', 'old', {});
      await layer.putObjectPart('upl', 'old', old, 1, Readable.from([Buffer.from('abc')]), { size: 3 });
      await new Promise((r) => setTimeout(r, 1100));
      const young = await layer.newMultipartUpload('upl', 'young', {});
      const stop = startStaleUploadCleanup(layer, { maxAgeMs: 1000, intervalMs: 5 });
      // Wait until the sweeper has acted (observable through listMultipartUploads).
      for (let i = 0; i < 200; i++) {
        const { uploads } = await layer.listMultipartUploads('upl');
        if (uploads.length === 1) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      stop();
      const { uploads } = await layer.listMultipartUploads('upl');
      expect(uploads.map((u) => u.uploadId)).toEqual([young]);
      const err = await layer.listParts('upl', 'old', old).catch((e: unknown) => e);
      expect(isS3Error(err, 'NoSuchUpload')).toBe(true);
    } finally {
      await layer.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
