// SPDX-License-Identifier: Apache-2.0
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSdk } from './aws-sdk.js';
import { startTestStore, type TestStore } from './harness.js';

// DeleteObjects with the AWS SDK v3: the store deletes a request's keys concurrently, and what a client
// sees must not show it: results in request order, one key named twice handled in request order,
// versioning semantics per key, per-key errors next to successes, Quiet.
let t: TestStore;
let s3: S3Client;

beforeAll(async () => {
  t = await startTestStore();
  s3 = rootSdk(t);
});
afterAll(async () => {
  s3?.destroy();
  await t?.stop();
});

const keyOf = (i: number): string => `d/${String(i).padStart(3, '0')}`;

describe('DeleteObjects (AWS SDK)', () => {
  it('deletes a batch and reports every entry in request order, errors per key', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'multi' }));
    const keys = Array.from({ length: 150 }, (_, i) => keyOf(i));
    await Promise.all(keys.map((Key) => s3.send(new PutObjectCommand({ Bucket: 'multi', Key, Body: Key }))));
    // Reversed, with a key that does not exist, one named twice and one the store refuses.
    const asked = [...keys].reverse();
    asked.splice(10, 0, 'd/missing', keyOf(5), 'd/../escape');
    const r = await s3.send(
      new DeleteObjectsCommand({ Bucket: 'multi', Delete: { Objects: asked.map((Key) => ({ Key })) } }),
    );
    expect(r.Deleted?.map((d) => d.Key)).toEqual(asked.filter((k) => k !== 'd/../escape'));
    expect(r.Errors?.map((e) => [e.Key, e.Code])).toEqual([['d/../escape', 'XMinioInvalidObjectName']]);
    const left = await s3.send(new ListObjectsV2Command({ Bucket: 'multi' }));
    expect(left.KeyCount).toBe(0);
  });

  it('Quiet leaves the successes out', async () => {
    await s3.send(new PutObjectCommand({ Bucket: 'multi', Key: 'q/1', Body: 'x' }));
    const r = await s3.send(
      new DeleteObjectsCommand({
        Bucket: 'multi',
        Delete: { Quiet: true, Objects: [{ Key: 'q/1' }, { Key: 'q/2' }] },
      }),
    );
    expect(r.Deleted ?? []).toEqual([]);
    expect(r.Errors ?? []).toEqual([]);
    expect((await s3.send(new ListObjectsV2Command({ Bucket: 'multi', Prefix: 'q/' }))).KeyCount).toBe(0);
  });

  it('keeps versioning semantics: delete markers per entry, versions removed by id', async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'multi-v' }));
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: 'multi-v', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    const v1 = await s3.send(new PutObjectCommand({ Bucket: 'multi-v', Key: 'k', Body: 'one' }));
    const v2 = await s3.send(new PutObjectCommand({ Bucket: 'multi-v', Key: 'other', Body: 'two' }));
    const r = await s3.send(
      new DeleteObjectsCommand({
        Bucket: 'multi-v',
        Delete: {
          Objects: [{ Key: 'k' }, { Key: 'k' }, { Key: 'other', VersionId: v2.VersionId }],
        },
      }),
    );
    const [m1, m2, gone] = r.Deleted ?? [];
    expect([m1?.Key, m1?.DeleteMarker, m2?.Key, m2?.DeleteMarker]).toEqual(['k', true, 'k', true]);
    expect(m1?.DeleteMarkerVersionId).not.toBe(m2?.DeleteMarkerVersionId);
    expect([gone?.Key, gone?.VersionId, gone?.DeleteMarker]).toEqual(['other', v2.VersionId, undefined]);
    const versions = await s3.send(new ListObjectVersionsCommand({ Bucket: 'multi-v' }));
    // The second entry's marker is the latest: the two entries for `k` ran in request order.
    expect(versions.DeleteMarkers?.map((m) => [m.Key, m.VersionId, m.IsLatest])).toEqual([
      ['k', m2?.DeleteMarkerVersionId, true],
      ['k', m1?.DeleteMarkerVersionId, false],
    ]);
    expect(versions.Versions?.map((v) => [v.Key, v.VersionId])).toEqual([['k', v1.VersionId]]);
  });
});
