// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths, fillApiPath, type Job, jobSchema } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { useObjectRig } from '../../testing/object-rig.js';

const h = useObjectRig(async (h) => {
  await h.s3.makeBucket('src');
  await h.s3.makeBucket('dst');
  await h.s3.makeBucket('locked', 'us-east-1', { ObjectLocking: true });
});

async function waitJob(id: string, until: (j: Job) => boolean = (j) => j.state !== 'running'): Promise<Job> {
  for (let i = 0; i < 1200; i++) {
    const res = await h.call('GET', fillApiPath(apiPaths.job, { id }));
    expect(res.status).toBe(200);
    const job = jobSchema.parse(res.body);
    if (until(job)) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} did not reach the expected state`);
}

async function startJob(body: unknown): Promise<Job> {
  const res = await h.call('POST', apiPaths.jobs, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return jobSchema.parse(res.body);
}

async function keys(bucket: string, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const o of h.s3.listObjectsV2(bucket, prefix, true)) if (o.name) out.push(o.name);
  return out.sort();
}

async function text(bucket: string, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of await h.s3.getObject(bucket, key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('background jobs', () => {
  it('renames a folder: every key moves with its metadata, content type and tags', async () => {
    const n = 120;
    for (let i = 0; i < n; i++) {
      await h.s3.putObject(
        'src',
        `old/f${String(i).padStart(3, '0')}.txt`,
        Buffer.from(`body ${i}`),
        undefined,
        {
          'Content-Type': 'text/x-demo',
          'X-Amz-Meta-Owner': `o${i}`,
        },
      );
    }
    await h.s3.setObjectTagging('src', 'old/f007.txt', { colour: 'blue' });
    const job = await startJob({
      kind: 'move',
      source_bucket: 'src',
      target_bucket: 'src',
      items: [{ source: 'old/', target: 'new/' }],
    });
    expect(job.title).toBe('Rename src/old/ to new/');
    const done = await waitJob(job.id);
    expect(done.state).toBe('completed');
    expect(done.progress).toMatchObject({ objects: n, failed: 0 });
    expect(await keys('src', 'old/')).toEqual([]);
    expect(await keys('src', 'new/')).toHaveLength(n);
    const stat = await h.s3.statObject('src', 'new/f042.txt');
    expect(stat.metaData['content-type']).toBe('text/x-demo');
    expect(stat.metaData.owner).toBe('o42');
    expect(await h.s3.getObjectTagging('src', 'new/f007.txt')).toEqual([{ Key: 'colour', Value: 'blue' }]);
    expect(await text('src', 'new/f099.txt')).toBe('body 99');
  });

  it('moves across buckets; an object under legal hold is reported and stays, the rest moves', async () => {
    for (const k of ['a.txt', 'b.txt', 'held.txt'])
      await h.s3.putObject('locked', `sel/${k}`, Buffer.from(k));
    await h.s3.setObjectLegalHold('locked', 'sel/held.txt', { status: 'ON' });
    const job = await startJob({
      kind: 'move',
      source_bucket: 'locked',
      target_bucket: 'dst',
      items: [
        { source: 'sel/a.txt', target: 'moved/a.txt' },
        { source: 'sel/b.txt', target: 'moved/b.txt' },
        { source: 'sel/held.txt', target: 'moved/held.txt' },
      ],
    });
    const done = await waitJob(job.id);
    expect(done.state).toBe('completed');
    expect(done.progress.objects).toBe(2);
    expect(done.failures).toEqual([
      { key: 'sel/held.txt', code: 'LegalHold', reason: expect.stringMatching(/legal hold/) },
    ]);
    expect(await keys('dst', 'moved/')).toEqual(['moved/a.txt', 'moved/b.txt']);
    // The moved sources leave delete markers (object-lock buckets are versioned); the held one is current.
    expect(await keys('locked', 'sel/')).toEqual(['sel/held.txt']);
    const versions: string[] = [];
    for await (const v of h.s3.listObjects('locked', 'sel/a.txt', true, { IncludeVersion: true }))
      versions.push(String((v as { isDeleteMarker?: boolean }).isDeleteMarker ?? false));
    expect(versions.sort()).toEqual(['false', 'true']);
  });

  it('copies an SSE-KMS object into a bucket without default encryption: it stays SSE-KMS with its key', async () => {
    await h.s3.putObject('src', 'kms/secret.txt', Buffer.from('sealed'), undefined, {
      'X-Amz-Server-Side-Encryption': 'aws:kms',
    });
    const before = await h.s3.statObject('src', 'kms/secret.txt');
    expect(before.metaData['x-amz-server-side-encryption']).toBe('aws:kms');
    const job = await startJob({
      kind: 'copy',
      source_bucket: 'src',
      target_bucket: 'dst',
      items: [{ source: 'kms/', target: 'kms-copy/' }],
    });
    expect((await waitJob(job.id)).progress.objects).toBe(1);
    const after = await h.s3.statObject('dst', 'kms-copy/secret.txt');
    expect(after.metaData['x-amz-server-side-encryption']).toBe('aws:kms');
    expect(after.metaData['x-amz-server-side-encryption-aws-kms-key-id']).toBe(
      before.metaData['x-amz-server-side-encryption-aws-kms-key-id'],
    );
    expect(await text('dst', 'kms-copy/secret.txt')).toBe('sealed');
    expect(await keys('src', 'kms/')).toEqual(['kms/secret.txt']);
  });

  it('name clashes: skip leaves the destination, keep both adds "name (1)", overwrite replaces', async () => {
    await h.s3.putObject('src', 'clash/x.txt', Buffer.from('new x'));
    await h.s3.putObject('dst', 'clash/x.txt', Buffer.from('old x'));
    const item = { source: 'clash/x.txt', target: 'clash/x.txt' };
    const base = { kind: 'copy', source_bucket: 'src', target_bucket: 'dst', items: [item] };
    const skipped = await waitJob((await startJob({ ...base, conflict: 'skip' })).id);
    expect(skipped.progress).toMatchObject({ objects: 0, skipped: 1 });
    expect(await text('dst', 'clash/x.txt')).toBe('old x');
    const both = await waitJob((await startJob({ ...base, conflict: 'keep-both' })).id);
    expect(both.progress).toMatchObject({ objects: 1, skipped: 0 });
    expect(await text('dst', 'clash/x (1).txt')).toBe('new x');
    await waitJob((await startJob({ ...base, conflict: 'overwrite' })).id);
    expect(await text('dst', 'clash/x.txt')).toBe('new x');
  });

  it('deletes a folder as a job, listing it on the server', async () => {
    for (let i = 0; i < 30; i++) await h.s3.putObject('dst', `bulk/k${i}`, Buffer.from('x'));
    const job = await startJob({ kind: 'delete', bucket: 'dst', paths: ['bulk/'] });
    const done = await waitJob(job.id);
    expect(done).toMatchObject({ state: 'completed', progress: { objects: 30, failed: 0 } });
    expect(await keys('dst', 'bulk/')).toEqual([]);
  });

  it('pauses, resumes and cancels; lists only the caller’s jobs', async () => {
    for (let i = 0; i < 400; i++)
      await h.s3.putObject('src', `many/k${String(i).padStart(4, '0')}`, Buffer.from('y'));
    const job = await startJob({
      kind: 'copy',
      source_bucket: 'src',
      target_bucket: 'dst',
      items: [{ source: 'many/', target: 'many/' }],
    });
    const paused = await h.call('POST', fillApiPath(apiPaths.jobAction, { id: job.id, action: 'pause' }));
    expect(paused.status).toBe(200);
    const p = jobSchema.parse(paused.body);
    expect(p.state).toBe('paused');
    expect(p.progress.objects).toBeLessThan(400);
    const again = await h.call('POST', fillApiPath(apiPaths.jobAction, { id: job.id, action: 'pause' }));
    expect(again.status).toBe(409);
    expect(apiErrorSchema.parse(again.body).detailedError).toBe('The job is paused.');
    await h.call('POST', fillApiPath(apiPaths.jobAction, { id: job.id, action: 'resume' }));
    const done = await waitJob(job.id);
    expect(done.state).toBe('completed');
    expect(done.progress.objects).toBe(400);
    expect(await keys('dst', 'many/')).toHaveLength(400);

    const list = await h.call('GET', apiPaths.jobs);
    expect((list.body as { jobs: Job[] }).jobs.map((j) => j.id)).toContain(job.id);
    const cancel = await h.call('POST', fillApiPath(apiPaths.jobAction, { id: job.id, action: 'cancel' }));
    expect(cancel.status).toBe(409);
  });

  it('refuses a folder into itself and explains missing permissions: Move unavailable, Copy possible', async () => {
    const inside = await h.call('POST', apiPaths.jobs, {
      kind: 'move',
      source_bucket: 'src',
      target_bucket: 'src',
      items: [{ source: 'new/', target: 'new/deeper/' }],
    });
    expect(inside.status).toBe(400);
    expect(apiErrorSchema.parse(inside.body).detailedError).toMatch(/cannot be put inside itself/);

    await h.admin.addCannedPolicy('read-src-write-dst', {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:GetObject', 's3:ListBucket', 's3:GetBucketLocation'],
          Resource: ['arn:aws:s3:::src', 'arn:aws:s3:::src/*'],
        },
        { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::dst', 'arn:aws:s3:::dst/*'] },
      ],
    });
    await h.admin.addUser('reader', 'reader-secret-1');
    await h.admin.setPolicy('read-src-write-dst', 'reader', false);
    const { jsonCaller } = await import('../../testing/console-harness.js');
    const reader = jsonCaller(h.app, await h.login('reader', 'reader-secret-1'));
    const body = {
      source_bucket: 'src',
      target_bucket: 'dst',
      items: [{ source: 'new/f001.txt', target: 'r/f001.txt' }],
    };
    const move = await reader('POST', apiPaths.jobs, { kind: 'move', ...body });
    expect(move.status).toBe(403);
    expect(apiErrorSchema.parse(move.body).detailedError).toBe(
      'Move is not available: you may read objects in src but not delete them. Copy them instead.',
    );
    const copy = await reader('POST', apiPaths.jobs, { kind: 'copy', ...body });
    expect(copy.status).toBe(202);
    const id = jobSchema.parse(copy.body).id;
    expect((await h.call('GET', fillApiPath(apiPaths.job, { id }))).status).toBe(404);
    for (let i = 0; i < 600; i++) {
      const got = jobSchema.parse((await reader('GET', fillApiPath(apiPaths.job, { id }))).body);
      if (got.state !== 'running') {
        expect(got).toMatchObject({ state: 'completed', progress: { objects: 1 } });
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await text('dst', 'r/f001.txt')).toBe('body 1');
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await h.app.inject({ url: apiPaths.openapi })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/v1/jobs'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/v1/jobs/{id}']).toHaveProperty('get');
    expect(doc.paths['/api/v1/jobs/{id}/{action}']).toHaveProperty('post');
  });
});
