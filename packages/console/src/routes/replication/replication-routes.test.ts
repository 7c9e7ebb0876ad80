// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  bucketReplicationSchema,
  externalBucketsSchema,
  replicationResultSchema,
} from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';

// The replication routes of a real console on one embedded store (the source), replicating to a second
// embedded store (the target), both started here (issue 21).

let source: ConsoleHarness;
let target: ConsoleHarness;
let call: ReturnType<typeof jsonCaller>;
let remote: { accessKey: string; secretKey: string; targetURL: string; useTLS: boolean; region: string };

beforeAll(async () => {
  [source, target] = await Promise.all([startConsoleHarness(), startConsoleHarness()]);
  call = jsonCaller(source.app, await source.login());
  remote = {
    accessKey: target.rootUser,
    secretKey: target.rootPassword,
    targetURL: new URL(target.store.url).host,
    useTLS: false,
    region: '',
  };
  for (const b of ['photos', 'docs']) {
    await source.s3.makeBucket(b, 'us-east-1');
    await source.s3.setBucketVersioning(b, { Status: 'Enabled' });
  }
  await target.s3.makeBucket('existing', 'us-east-1');
}, 60_000);

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

describe('replication routes', () => {
  it('list-external-buckets lists the remote buckets, and names the failure with wrong keys', async () => {
    const res = await call('POST', '/api/v1/list-external-buckets', remote);
    expect(res.status).toBe(200);
    expect(externalBucketsSchema.parse(res.body).buckets.map((b) => b.name)).toEqual(['existing']);
    const bad = await call('POST', '/api/v1/list-external-buckets', {
      ...remote,
      secretKey: 'wrong-secret-1',
    });
    expect(bad.status).toBe(400);
    const err = apiErrorSchema.parse(bad.body);
    expect(err.detailedError).toContain(remote.targetURL);
  });

  it('buckets-replication creates missing target buckets with versioning, targets and rules; objects arrive', async () => {
    const res = await call('POST', '/api/v1/buckets-replication', {
      ...remote,
      bucketsRelation: [
        { originBucket: 'photos', destinationBucket: 'photos-copy' },
        { originBucket: 'docs', destinationBucket: 'existing' },
        { originBucket: 'nope', destinationBucket: 'nope-copy' },
      ],
      syncMode: 'async',
      // The form's defaults (spec 1 §9): 100 GiB/s, 60 s.
      bandwidth: 100 * 1024 ** 3,
      healthCheckPeriod: 60,
    });
    expect(res.status).toBe(200);
    const state = replicationResultSchema.parse(res.body).replicationState;
    expect(state.map((s) => [s.originBucket, s.errorString === ''])).toEqual([
      ['photos', true],
      ['docs', true],
      ['nope', false],
    ]);
    expect(state[2]?.errorString).toMatch(/bucket/i);
    expect(await target.s3.getBucketVersioning('photos-copy')).toMatchObject({ Status: 'Enabled' });
    await source.s3.putObject('photos', 'cat.jpg', Buffer.from('meow'));
    let arrived = false;
    for (let i = 0; i < 100 && !arrived; i++) {
      arrived = await target.s3.statObject('photos-copy', 'cat.jpg').then(
        () => true,
        () => false,
      );
      if (!arrived) await new Promise((r) => setTimeout(r, 100));
    }
    expect(arrived).toBe(true);
    // The object's details carry its replication status once the source has marked it.
    let status: unknown;
    for (let i = 0; i < 100 && status !== 'COMPLETED'; i++) {
      const meta = await call('GET', '/api/v1/buckets/photos/objects?prefix=cat.jpg&with_metadata=true');
      status = (meta.body as { objects: { replication_status?: string }[] }).objects[0]?.replication_status;
      if (status !== 'COMPLETED') await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe('COMPLETED');
  }, 60_000);

  it('edits a rule: priority, status, prefix, tags, storage class and what is replicated', async () => {
    const [rule] = bucketReplicationSchema.parse(
      (await call('GET', '/api/v1/buckets/docs/replication')).body,
    ).rules;
    expect(rule?.metadata_replication).toBe(true);
    const change = {
      priority: 7,
      status: 'Disabled',
      prefix: 'reports/',
      tags: 'team=ops&tier=gold',
      storageClass: 'STANDARD',
      replicateDeleteMarkers: false,
      replicateDeletes: false,
      replicateMetadata: false,
    };
    const res = await call('PUT', `/api/v1/buckets/docs/replication/${rule?.id}`, change);
    expect(res.status).toBe(204);
    const [after] = bucketReplicationSchema.parse(
      (await call('GET', '/api/v1/buckets/docs/replication')).body,
    ).rules;
    expect(after).toEqual({
      ...rule,
      priority: 7,
      status: 'Disabled',
      prefix: 'reports/',
      tags: 'team=ops&tier=gold',
      storageClass: 'STANDARD',
      delete_marker_replication: false,
      deletes_replication: false,
      metadata_replication: false,
    });
    // The store holds it: a disabled rule replicates nothing, so a new object stays unreplicated.
    const put = await source.s3.putObject('docs', 'reports/q1.txt', Buffer.from('q1'));
    expect(put.versionId).toBeTruthy();
    const meta = await call('GET', '/api/v1/buckets/docs/objects?prefix=reports/q1.txt&with_metadata=true');
    const listed = (meta.body as { objects: { name: string; replication_status?: string }[] }).objects;
    expect(listed.map((o) => [o.name, o.replication_status])).toEqual([['reports/q1.txt', undefined]]);
    const badTags = await call('PUT', `/api/v1/buckets/docs/replication/${rule?.id}`, {
      ...change,
      tags: 'no-value',
    });
    expect(badTags.status).toBe(400);
    expect(apiErrorSchema.parse(badTags.body).detailedError).toContain('key=value');
    const missing = await call('PUT', '/api/v1/buckets/docs/replication/no-such-rule', change);
    expect(missing.status).toBe(404);
  });

  it('lists the rules with their destination and the figures; deletes a rule', async () => {
    const res = await call('GET', '/api/v1/buckets/photos/replication');
    expect(res.status).toBe(200);
    const { rules, stats } = bucketReplicationSchema.parse(res.body);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ priority: 1, status: 'Enabled', delete_marker_replication: true });
    expect(rules[0]?.destination.bucket).toMatch(/^arn:minio:replication:.*:photos-copy$/);
    expect(stats?.replicatedCount).toBeGreaterThanOrEqual(1);
    const missing = await call('DELETE', '/api/v1/buckets/photos/replication/no-such-rule');
    expect(missing.status).toBe(404);
    expect(apiErrorSchema.parse(missing.body).detailedError).toContain('no-such-rule');
    const del = await call('DELETE', `/api/v1/buckets/photos/replication/${rules[0]?.id}`);
    expect(del.status).toBe(204);
    const after = bucketReplicationSchema.parse(
      (await call('GET', '/api/v1/buckets/photos/replication')).body,
    );
    expect(after.rules).toEqual([]);
  });
});
