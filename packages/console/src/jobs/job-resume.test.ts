// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { apiPaths, fillApiPath, type Job, jobSchema } from '@stowage/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../testing/console-harness.js';

const sessionKey = randomBytes(32);
let h: ConsoleHarness;

beforeAll(async () => {
  // Copies above 5 MiB go in parts here, so UploadPartCopy is exercised without 5 GiB objects.
  h = await startConsoleHarness({
    app: { sessionKey, jobs: { concurrency: 2, multipartThreshold: 5 * 1024 ** 2 } },
  });
  await h.s3.makeBucket('src');
  await h.s3.makeBucket('dst');
}, 120_000);
afterAll(async () => h?.close());

function caller(app: FastifyInstance, token: string) {
  const call = jsonCaller(app, token);
  return {
    call,
    async wait(id: string, until: (j: Job) => boolean): Promise<Job> {
      for (let i = 0; i < 2400; i++) {
        const res = await call('GET', fillApiPath(apiPaths.job, { id }));
        if (res.status !== 200) throw new Error(`GET job: ${res.status} ${JSON.stringify(res.body)}`);
        const job = jobSchema.parse(res.body);
        if (until(job)) return job;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('the job did not get there');
    },
  };
}

describe('jobs across a console restart', () => {
  it('copies above the part threshold with UploadPartCopy, keeping metadata, tags and the bytes', async () => {
    const body = randomBytes(12 * 1024 ** 2 + 17);
    await h.s3.putObject('src', 'big/blob.bin', body, undefined, {
      'Content-Type': 'application/x-blob',
      'X-Amz-Meta-Kind': 'big',
    });
    await h.s3.setObjectTagging('src', 'big/blob.bin', { size: 'large' });
    const token = await h.login();
    const c = caller(h.app, token);
    const res = await c.call('POST', apiPaths.jobs, {
      kind: 'move',
      source_bucket: 'src',
      target_bucket: 'dst',
      items: [{ source: 'big/blob.bin', target: 'big/blob.bin' }],
    });
    const done = await c.wait(jobSchema.parse(res.body).id, (j) => j.state !== 'running');
    expect(done.progress).toMatchObject({ objects: 1, bytes: body.length, failed: 0 });
    const stat = await h.s3.statObject('dst', 'big/blob.bin');
    expect(stat.etag).toMatch(/-\d+$/);
    expect(stat.metaData['content-type']).toBe('application/x-blob');
    expect(stat.metaData.kind).toBe('big');
    expect(await h.s3.getObjectTagging('dst', 'big/blob.bin')).toEqual([{ Key: 'size', Value: 'large' }]);
    const chunks: Buffer[] = [];
    for await (const chunk of await h.s3.getObject('dst', 'big/blob.bin')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(body)).toBe(true);
    await expect(h.s3.statObject('src', 'big/blob.bin')).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('a job stopped by the console closing carries on from its cursor when a new console starts', async () => {
    const n = 600;
    const names = Array.from({ length: n }, (_, i) => `folder/k${String(i).padStart(4, '0')}`);
    for (let i = 0; i < n; i += 50)
      await Promise.all(names.slice(i, i + 50).map((k) => h.s3.putObject('src', k, Buffer.from(k))));
    const token = await h.login();
    const first = caller(h.app, token);
    // A copy: started again from the beginning it would count the first 100+ keys twice.
    const res = await first.call('POST', apiPaths.jobs, {
      kind: 'copy',
      source_bucket: 'src',
      target_bucket: 'dst',
      items: [{ source: 'folder/', target: 'folder/' }],
    });
    const id = jobSchema.parse(res.body).id;
    const mid = await first.wait(id, (j) => j.progress.objects >= 100);
    expect(mid.state).toBe('running');
    await h.app.close();

    const again = await buildApp({
      s3Endpoint: h.store.url,
      sessionKey,
      sessionDurationSeconds: 3600,
      jobs: { dir: path.join(h.dataDir, '.console', 'jobs'), concurrency: 2 },
    });
    try {
      const second = caller(again, token);
      const done = await second.wait(id, (j) => j.state !== 'running');
      expect(done.state).toBe('completed');
      // Only keys in flight at the stop (at most the job's concurrency, 2) may be copied twice.
      expect(done.progress.objects).toBeGreaterThanOrEqual(n);
      expect(done.progress.objects).toBeLessThanOrEqual(n + 2);
      expect(done.failures).toEqual([]);
      const moved: string[] = [];
      for await (const o of h.s3.listObjectsV2('dst', 'folder/', true)) moved.push(String(o.name));
      expect(moved.sort()).toEqual(names);
    } finally {
      await again.close();
      // The harness closes its own (already closed) app again: give it a fresh one to close.
      h.app = again;
    }
  });
});
