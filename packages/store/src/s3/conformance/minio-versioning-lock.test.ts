// SPDX-License-Identifier: Apache-2.0
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore } from './harness.js';

// Conformance with the official `minio` npm SDK: versioning, delete markers, object tagging,
// retention, legal hold and locked deletes.
let t: TestStore;
let mc: Minio.Client;

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts).toString();
}

interface VersionItem {
  name: string;
  versionId: string;
  isLatest: boolean;
  isDeleteMarker: boolean;
}

async function versions(bucket: string, prefix: string): Promise<VersionItem[]> {
  const out: VersionItem[] = [];
  for await (const v of mc.listObjects(bucket, prefix, true, { IncludeVersion: true }))
    out.push(v as unknown as VersionItem);
  return out;
}

beforeAll(async () => {
  t = await startTestStore();
  mc = new Minio.Client({
    endPoint: t.host,
    port: t.port,
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
  });
});
afterAll(async () => {
  await t?.stop();
});

describe('versioning (minio SDK)', () => {
  it('keeps versions, reads by version id, and uses delete markers', async () => {
    await mc.makeBucket('ver');
    await mc.setBucketVersioning('ver', { Status: 'Enabled' });
    const v1 = await mc.putObject('ver', 'doc.txt', 'one');
    const v2 = await mc.putObject('ver', 'doc.txt', 'two');
    expect(v1.versionId).toMatch(/.+/);
    expect(v2.versionId).not.toBe(v1.versionId);
    expect(await text(await mc.getObject('ver', 'doc.txt'))).toBe('two');
    expect(await text(await mc.getObject('ver', 'doc.txt', { versionId: v1.versionId as string }))).toBe(
      'one',
    );
    expect((await mc.statObject('ver', 'doc.txt', { versionId: v1.versionId as string })).size).toBe(3);

    await mc.removeObject('ver', 'doc.txt');
    await expect(mc.getObject('ver', 'doc.txt')).rejects.toMatchObject({ code: 'NoSuchKey' });
    const list = await versions('ver', 'doc.txt');
    expect(list).toHaveLength(3);
    const marker = list.find((v) => v.isDeleteMarker);
    expect(marker?.isLatest).toBe(true);
    // GET on a delete marker's version id: 405 with x-amz-delete-marker.
    const res = await fetch(
      await mc.presignedGetObject('ver', 'doc.txt', 60, { versionId: marker?.versionId as string }),
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('x-amz-delete-marker')).toBe('true');
    await res.arrayBuffer();
    // Removing the delete marker brings the object back.
    await mc.removeObject('ver', 'doc.txt', { versionId: marker?.versionId as string });
    expect(await text(await mc.getObject('ver', 'doc.txt'))).toBe('two');
    await mc.removeObject('ver', 'doc.txt', { versionId: v2.versionId as string });
    expect(await text(await mc.getObject('ver', 'doc.txt'))).toBe('one');
    await expect(
      mc.getObject('ver', 'doc.txt', { versionId: '00000000-0000-0000-0000-000000000000' }),
    ).rejects.toMatchObject({
      code: 'NoSuchVersion',
    });
  });

  it('copies a specific source version', async () => {
    await mc.makeBucket('ver-copy');
    await mc.setBucketVersioning('ver-copy', { Status: 'Enabled' });
    const old = await mc.putObject('ver-copy', 'src', 'old content');
    await mc.putObject('ver-copy', 'src', 'new content');
    const copied = await mc.copyObject(
      new Minio.CopySourceOptions({ Bucket: 'ver-copy', Object: 'src', VersionID: old.versionId as string }),
      new Minio.CopyDestinationOptions({ Bucket: 'ver-copy', Object: 'restored' }),
    );
    expect((copied as { SourceVersionId?: string }).SourceVersionId).toBe(old.versionId);
    expect(await text(await mc.getObject('ver-copy', 'restored'))).toBe('old content');
  });

  it('writes null versions while suspended', async () => {
    await mc.makeBucket('suspended');
    await mc.setBucketVersioning('suspended', { Status: 'Enabled' });
    const kept = await mc.putObject('suspended', 'k', 'versioned');
    await mc.setBucketVersioning('suspended', { Status: 'Suspended' });
    await mc.putObject('suspended', 'k', 'null one');
    await mc.putObject('suspended', 'k', 'null two');
    const list = await versions('suspended', 'k');
    expect(list.map((v) => v.versionId).sort()).toEqual([kept.versionId, 'null'].sort());
    expect(await text(await mc.getObject('suspended', 'k'))).toBe('null two');
    expect(await text(await mc.getObject('suspended', 'k', { versionId: kept.versionId as string }))).toBe(
      'versioned',
    );
  });

  it('pages version listings with key and version markers', async () => {
    await mc.makeBucket('ver-pages');
    await mc.setBucketVersioning('ver-pages', { Status: 'Enabled' });
    for (const k of ['a', 'b']) for (let i = 0; i < 3; i++) await mc.putObject('ver-pages', k, `${k}${i}`);
    const seen: string[] = [];
    let keyMarker = '';
    let versionIdMarker = '';
    for (;;) {
      const r = (await mc.listObjectsQuery('ver-pages', '', '', {
        Delimiter: '',
        MaxKeys: 4,
        IncludeVersion: true,
        keyMarker,
        versionIdMarker,
      })) as {
        objects: { name: string; versionId: string }[];
        isTruncated: boolean;
        keyMarker: string;
        versionIdMarker: string;
      };
      for (const o of r.objects) seen.push(`${o.name}@${o.versionId}`);
      if (!r.isTruncated) break;
      // The SDK reports NextKeyMarker/NextVersionIdMarker as keyMarker/versionIdMarker.
      expect(`${r.keyMarker}@${r.versionIdMarker}`).not.toBe(`${keyMarker}@${versionIdMarker}`);
      keyMarker = r.keyMarker;
      versionIdMarker = r.versionIdMarker;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
  });
});

describe('tagging (minio SDK)', () => {
  it('sets, gets and removes object tags, also by version', async () => {
    await mc.makeBucket('tags');
    await mc.setBucketVersioning('tags', { Status: 'Enabled' });
    const v1 = await mc.putObject('tags', 'obj', 'first', undefined, {});
    await mc.putObject('tags', 'obj', 'second', undefined, {});
    await mc.setObjectTagging('tags', 'obj', { stage: 'latest' });
    await mc.setObjectTagging('tags', 'obj', { stage: 'old' }, { versionId: v1.versionId as string });
    expect(await mc.getObjectTagging('tags', 'obj')).toEqual([{ Key: 'stage', Value: 'latest' }]);
    expect(await mc.getObjectTagging('tags', 'obj', { versionId: v1.versionId as string })).toEqual([
      { Key: 'stage', Value: 'old' },
    ]);
    await mc.removeObjectTagging('tags', 'obj', {} as never);
    expect(await mc.getObjectTagging('tags', 'obj')).toEqual([]);
    const tooMany = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']));
    await expect(mc.setObjectTagging('tags', 'obj', tooMany)).rejects.toBeDefined();
    await expect(mc.setObjectTagging('tags', 'missing', { a: 'b' })).rejects.toMatchObject({
      code: 'NoSuchKey',
    });
  });

  it('accepts tags on upload (x-amz-tagging) and reports the count', async () => {
    await mc.makeBucket('tags-on-put');
    const url = await mc.presignedPutObject('tags-on-put', 'x');
    let res = await fetch(url, {
      method: 'PUT',
      body: 'x',
      headers: { 'x-amz-tagging': 'a=one&b=two%20words' },
    });
    expect(res.status).toBe(200);
    expect(await mc.getObjectTagging('tags-on-put', 'x')).toEqual(
      expect.arrayContaining([
        { Key: 'a', Value: 'one' },
        { Key: 'b', Value: 'two words' },
      ]),
    );
    res = await fetch(await mc.presignedGetObject('tags-on-put', 'x'));
    expect(res.headers.get('x-amz-tagging-count')).toBe('2');
    await res.arrayBuffer();
  });
});

describe('object lock (minio SDK)', () => {
  it('applies retention, enforces GOVERNANCE bypass and COMPLIANCE, and legal hold', async () => {
    await mc.makeBucket('worm', 'us-east-1', { ObjectLocking: true });
    const put = await mc.putObject('worm', 'gov', 'governed');
    const vid = put.versionId as string;
    const until = new Date(Date.now() + 24 * 3600_000);
    until.setUTCMilliseconds(0);
    await mc.putObjectRetention('worm', 'gov', {
      mode: 'GOVERNANCE',
      retainUntilDate: until.toISOString(),
      versionId: vid,
    });
    const r = await mc.getObjectRetention('worm', 'gov', { versionId: vid });
    expect(r).toMatchObject({ mode: 'GOVERNANCE' });
    expect(new Date((r as { retainUntilDate: string }).retainUntilDate).getTime()).toBe(until.getTime());
    // Locked versions cannot be deleted...
    await expect(mc.removeObject('worm', 'gov', { versionId: vid })).rejects.toMatchObject({
      code: 'AccessDenied',
    });
    // ...nor their GOVERNANCE retention shortened without the bypass header.
    const shorter = new Date(Date.now() + 3600_000).toISOString();
    await expect(
      mc.putObjectRetention('worm', 'gov', { mode: 'GOVERNANCE', retainUntilDate: shorter, versionId: vid }),
    ).rejects.toMatchObject({
      code: 'AccessDenied',
    });
    await mc.putObjectRetention('worm', 'gov', {
      mode: 'GOVERNANCE',
      retainUntilDate: shorter,
      versionId: vid,
      governanceBypass: true,
    });
    await mc.removeObject('worm', 'gov', { versionId: vid, governanceBypass: true });
    await expect(mc.statObject('worm', 'gov', { versionId: vid })).rejects.toBeDefined();

    const c = await mc.putObject('worm', 'comp', 'compliant');
    const cv = c.versionId as string;
    const far = new Date(Date.now() + 48 * 3600_000).toISOString();
    await mc.putObjectRetention('worm', 'comp', { mode: 'COMPLIANCE', retainUntilDate: far, versionId: cv });
    await expect(
      mc.putObjectRetention('worm', 'comp', {
        mode: 'COMPLIANCE',
        retainUntilDate: new Date(Date.now() + 3600_000).toISOString(),
        versionId: cv,
        governanceBypass: true,
      }),
    ).rejects.toMatchObject({ code: 'AccessDenied' });
    await expect(
      mc.removeObject('worm', 'comp', { versionId: cv, governanceBypass: true }),
    ).rejects.toMatchObject({ code: 'AccessDenied' });
    // Extending is always allowed.
    await mc.putObjectRetention('worm', 'comp', {
      mode: 'COMPLIANCE',
      retainUntilDate: new Date(Date.now() + 72 * 3600_000).toISOString(),
      versionId: cv,
    });

    const h = await mc.putObject('worm', 'held', 'held');
    const hv = h.versionId as string;
    expect(await mc.getObjectLegalHold('worm', 'held', { versionId: hv })).toMatchObject({ Status: 'OFF' });
    await mc.setObjectLegalHold('worm', 'held', { status: 'ON', versionId: hv });
    expect(await mc.getObjectLegalHold('worm', 'held', { versionId: hv })).toMatchObject({ Status: 'ON' });
    await expect(mc.removeObject('worm', 'held', { versionId: hv })).rejects.toMatchObject({
      code: 'AccessDenied',
    });
    // Multi-object delete reports the locked version per key and deletes the rest.
    const free = await mc.putObject('worm', 'free', 'free');
    const results = await mc.removeObjects('worm', [
      { name: 'held', versionId: hv },
      { name: 'free', versionId: free.versionId as string },
    ]);
    const errors = results.filter((r) => r && 'Code' in r && r.Code) as unknown as {
      Key: string;
      Code: string;
    }[];
    expect(errors.map((e) => [e.Key, e.Code])).toEqual([['held', 'AccessDenied']]);
    await mc.setObjectLegalHold('worm', 'held', { status: 'OFF', versionId: hv });
    await mc.removeObject('worm', 'held', { versionId: hv });
  });

  it('applies the bucket default retention and the x-amz-object-lock headers on upload', async () => {
    await mc.makeBucket('worm-default', 'us-east-1', { ObjectLocking: true });
    await mc.setObjectLockConfig('worm-default', { mode: 'GOVERNANCE', unit: 'Days', validity: 1 });
    await mc.putObject('worm-default', 'auto', 'auto-retained');
    const r = (await mc.getObjectRetention('worm-default', 'auto')) as {
      mode: string;
      retainUntilDate: string;
    };
    expect(r.mode).toBe('GOVERNANCE');
    const days = (new Date(r.retainUntilDate).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(0.9);
    expect(days).toBeLessThan(1.1);
    const until = new Date(Date.now() + 2 * 86_400_000).toISOString();
    // The SDK's putObject turns unknown headers into metadata, so send the lock headers directly.
    let res = await fetch(await mc.presignedPutObject('worm-default', 'explicit'), {
      method: 'PUT',
      body: 'x',
      headers: {
        'x-amz-object-lock-mode': 'COMPLIANCE',
        'x-amz-object-lock-retain-until-date': until,
        'x-amz-object-lock-legal-hold': 'ON',
      },
    });
    expect(res.status).toBe(200);
    res = await fetch(await mc.presignedGetObject('worm-default', 'explicit'));
    expect(res.headers.get('x-amz-object-lock-mode')).toBe('COMPLIANCE');
    expect(res.headers.get('x-amz-object-lock-legal-hold')).toBe('ON');
    await res.arrayBuffer();
    expect(await mc.getObjectRetention('worm-default', 'explicit')).toMatchObject({ mode: 'COMPLIANCE' });
    expect(await mc.getObjectLegalHold('worm-default', 'explicit')).toMatchObject({ Status: 'ON' });
    await mc.makeBucket('no-lock');
    res = await fetch(await mc.presignedPutObject('no-lock', 'x'), {
      method: 'PUT',
      body: 'x',
      headers: { 'x-amz-object-lock-mode': 'GOVERNANCE', 'x-amz-object-lock-retain-until-date': until },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>InvalidRequest</Code>');
    await mc.putObject('no-lock', 'y', 'y');
    await expect(mc.getObjectRetention('no-lock', 'y')).rejects.toMatchObject({ code: 'InvalidRequest' });
  });
});
