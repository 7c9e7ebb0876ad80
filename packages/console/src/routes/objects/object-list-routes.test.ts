// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  fillApiPath,
  type ListObjectsResponse,
  listObjectsResponseSchema,
  type ObjectItem,
} from '@stowage/contracts';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';

let h: ConsoleHarness;
let call: ReturnType<typeof jsonCaller>;

const objectsUrl = (bucket: string, query: Record<string, string>): string =>
  `${fillApiPath(apiPaths.objects, { bucket })}?${new URLSearchParams(query).toString()}`;
const rewindUrl = (bucket: string, date: string, query: Record<string, string>): string =>
  `${fillApiPath(apiPaths.rewind, { bucket, date })}?${new URLSearchParams(query).toString()}`;
const deleteObjectsUrl = (bucket: string): string => fillApiPath(apiPaths.deleteObjects, { bucket });

const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

async function list(url: string): Promise<ListObjectsResponse> {
  const res = await call('GET', url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return listObjectsResponseSchema.parse(res.body);
}

/** Follows next_cursor to the end; returns every page. */
async function allPages(base: (cursor?: string) => string): Promise<ObjectItem[][]> {
  const pages: ObjectItem[][] = [];
  let cursor: string | undefined;
  do {
    const page = await list(base(cursor));
    pages.push(page.objects);
    cursor = page.next_cursor;
  } while (cursor !== undefined);
  return pages;
}

async function putMany(bucket: string, keys: string[], concurrency = 48): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < keys.length) {
      const key = keys[next++] as string;
      await h.s3.putObject(bucket, key, Buffer.from(`body of ${key}`));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function keysIn(bucket: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for await (const o of h.s3.listObjectsV2(bucket, prefix, true) as AsyncIterable<{ name?: string }>) {
    if (o.name !== undefined) out.push(o.name);
  }
  return out;
}

async function versionsOf(bucket: string, prefix: string): Promise<{ name: string; versionId: string }[]> {
  const out: { name: string; versionId: string }[] = [];
  const stream = h.s3.listObjects(bucket, prefix, true, { IncludeVersion: true }) as AsyncIterable<{
    name?: string;
    versionId?: string;
  }>;
  for await (const o of stream)
    if (o.name !== undefined) out.push({ name: o.name, versionId: String(o.versionId) });
  return out;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  h = await startConsoleHarness({ drives: 4 });
  call = jsonCaller(h.app, await h.login());
});

afterAll(async () => {
  await h?.close();
});

describe('GET /api/v1/buckets/{bucket}/objects', () => {
  // 4,950 objects straight under many/, 50 folders (each with one object) and a few keys outside.
  const objectKeys = Array.from({ length: 4950 }, (_, i) => `many/obj-${String(i).padStart(5, '0')}.txt`);
  const folderKeys = Array.from({ length: 50 }, (_, i) => `many/dir-${String(i).padStart(2, '0')}/inner.txt`);
  const folders = folderKeys.map((k) => k.slice(0, k.lastIndexOf('/') + 1));

  beforeAll(async () => {
    await h.s3.makeBucket('listing');
    await putMany('listing', [...objectKeys, ...folderKeys, 'manyx.txt', 'other/z.txt', '00123']);
  }, 600_000);

  it('pages one level across 5,000 keys with a cursor: every key once, in order, folders as prefixes', async () => {
    const pages = await allPages((cursor) =>
      objectsUrl('listing', { prefix: 'many/', limit: '1500', ...(cursor ? { cursor } : {}) }),
    );
    expect(pages.length).toBe(Math.ceil(5000 / 1500));
    const seen: string[] = [];
    for (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(1500);
      // Within a page folders come first, then objects, each in key order.
      const firstObject = page.findIndex((o) => !o.name.endsWith('/'));
      const pageFolders = firstObject < 0 ? page : page.slice(0, firstObject);
      const pageObjects = firstObject < 0 ? [] : page.slice(firstObject);
      expect(pageObjects.every((o) => !o.name.endsWith('/'))).toBe(true);
      for (const f of pageFolders) expect(Object.keys(f)).toEqual(['name']);
      for (const o of pageObjects) {
        expect(o.size).toBe(Buffer.byteLength(`body of ${o.name}`));
        expect(o.etag).toMatch(/^[0-9a-f]{32}$/);
        expect(Number.isNaN(Date.parse(o.last_modified ?? ''))).toBe(false);
      }
      const names = [...pageFolders, ...pageObjects].map((o) => o.name);
      // Pages are consecutive stretches of the key space.
      const inKeyOrder = [...names].sort(byteOrder);
      if (seen.length > 0)
        expect(byteOrder(seen[seen.length - 1] as string, inKeyOrder[0] as string)).toBe(-1);
      seen.push(...inKeyOrder);
    }
    expect(seen).toEqual([...folders, ...objectKeys].sort(byteOrder));
    expect(new Set(seen).size).toBe(5000);
  });

  it('recursive=true lists every key under the prefix; small limits page through S3 pages exactly', async () => {
    const pages = await allPages((cursor) =>
      objectsUrl('listing', {
        prefix: 'many/',
        recursive: 'true',
        limit: '5000',
        ...(cursor ? { cursor } : {}),
      }),
    );
    expect(pages.length).toBe(1);
    expect(pages[0]?.map((o) => o.name)).toEqual([...objectKeys, ...folderKeys].sort(byteOrder));

    const small = await allPages((cursor) =>
      objectsUrl('listing', {
        prefix: 'many/dir-',
        recursive: 'true',
        limit: '7',
        ...(cursor ? { cursor } : {}),
      }),
    );
    expect(small.map((p) => p.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 1]);
    expect(small.flat().map((o) => o.name)).toEqual([...folderKeys].sort(byteOrder));
  });

  it('keeps keys that look like numbers as text and lists the bucket root', async () => {
    const root = await list(objectsUrl('listing', {}));
    expect(root.objects.map((o) => o.name)).toEqual(['many/', 'other/', '00123', 'manyx.txt']);
    expect(root.next_cursor).toBeUndefined();
  });

  it('returns keys with spaces, plus signs, percent signs and non-ASCII letters as they are', async () => {
    await h.s3.makeBucket('special');
    const keys = ['s/a b+c.txt', 's/%41 100%.txt', 's/ünïcødé/x.txt', 's/emoji 😀.txt', 's/ lead and trail '];
    await putMany('special', keys);
    const level = await list(objectsUrl('special', { prefix: 's/' }));
    expect(level.objects.map((o) => o.name)).toEqual([
      's/ünïcødé/',
      ...['s/a b+c.txt', 's/%41 100%.txt', 's/emoji 😀.txt', 's/ lead and trail '].sort(byteOrder),
    ]);
    const versions = await list(objectsUrl('special', { prefix: 's/a b+c.txt', with_versions: 'true' }));
    expect(versions.objects.map((o) => [o.name, o.version_id])).toEqual([['s/a b+c.txt', 'null']]);
    const rewind = await list(
      rewindUrl('special', new Date(Date.now() + 60_000).toISOString(), { prefix: 's/' }),
    );
    expect(rewind.objects.map((o) => o.name)).toEqual(level.objects.map((o) => o.name));
  });

  it('refuses a forged cursor and answers 404 for a missing bucket', async () => {
    const bad = await call('GET', objectsUrl('listing', { cursor: 'not*base64' }));
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).detailedError).toMatch(/cursor/);
    const missing = await call('GET', objectsUrl('no-such-bucket', {}));
    expect(missing.status).toBe(404);
    expect(apiErrorSchema.parse(missing.body).errorMessage).toBe('The specified bucket does not exist');
  });

  it('with_versions lists every version and delete marker of the key, newest first', async () => {
    await h.s3.makeBucket('versioned');
    await h.s3.setBucketVersioning('versioned', { Status: 'Enabled' });
    const v1 = await h.s3.putObject('versioned', 'doc.txt', Buffer.from('first'));
    await pause(5);
    const v2 = await h.s3.putObject('versioned', 'doc.txt', Buffer.from('second, longer'));
    await h.s3.putObject('versioned', 'doc.txt.bak', Buffer.from('not a version of doc.txt'));

    const two = await list(objectsUrl('versioned', { prefix: 'doc.txt', with_versions: 'true' }));
    expect(two.objects).toEqual([
      expect.objectContaining({ name: 'doc.txt', version_id: v2.versionId, is_latest: true, size: 14 }),
      expect.objectContaining({ name: 'doc.txt', version_id: v1.versionId, is_latest: false, size: 5 }),
    ]);
    expect(two.objects.every((o) => o.is_delete_marker === false)).toBe(true);

    // A plain delete in a versioned bucket adds a delete marker, which becomes the latest version.
    const del = await call('DELETE', `${objectsUrl('versioned', { path: 'doc.txt' })}`);
    expect(del.status).toBe(204);
    const three = await allPages((cursor) =>
      objectsUrl('versioned', {
        prefix: 'doc.txt',
        with_versions: 'true',
        limit: '1',
        ...(cursor ? { cursor } : {}),
      }),
    );
    expect(three.map((p) => p.length)).toEqual([1, 1, 1]);
    const flat = three.flat();
    expect(flat[0]).toMatchObject({ name: 'doc.txt', is_delete_marker: true, is_latest: true });
    expect(flat[0]?.size).toBeUndefined();
    expect(flat.slice(1).map((o) => o.version_id)).toEqual([v2.versionId, v1.versionId]);
    // The object is gone from the listing but its versions remain.
    const level = await list(objectsUrl('versioned', {}));
    expect(level.objects.map((o) => o.name)).toEqual(['doc.txt.bak']);
  });

  it('with_metadata returns the object with user metadata, tags, retention and legal hold', async () => {
    await h.s3.makeBucket('locked', 'us-east-1', { ObjectLocking: true });
    const put = await h.s3.putObject('locked', 'report.csv', Buffer.from('a,b\n1,2\n'), 8, {
      'Content-Type': 'text/csv',
      'X-Amz-Meta-Department': 'Finance',
    });
    await h.s3.setObjectTagging('locked', 'report.csv', { project: '007', owner: 'ana' });
    const until = new Date(Date.now() + 24 * 3600 * 1000);
    until.setUTCMilliseconds(0);
    await h.s3.putObjectRetention('locked', 'report.csv', {
      versionId: put.versionId ?? '',
      mode: Minio.RETENTION_MODES.GOVERNANCE,
      retainUntilDate: until.toISOString(),
    });
    await (h.s3.setObjectLegalHold('locked', 'report.csv', {
      status: Minio.LEGAL_HOLD_STATUS.ENABLED,
    }) as unknown as Promise<void>);

    const res = await list(objectsUrl('locked', { prefix: 'report.csv', with_metadata: 'true' }));
    expect(res.objects).toHaveLength(1);
    const o = res.objects[0] as ObjectItem;
    expect(o).toMatchObject({
      name: 'report.csv',
      size: 8,
      etag: put.etag,
      content_type: 'text/csv',
      version_id: put.versionId,
      user_metadata: { department: 'Finance' },
      tags: { project: '007', owner: 'ana' },
      retention_mode: 'GOVERNANCE',
      retention_until_date: until.toISOString(),
      legal_hold_status: 'ON',
    });
    expect(Number.isNaN(Date.parse(o.last_modified ?? ''))).toBe(false);

    // Without object lock the lock fields are left out; a missing object is 404.
    const plain = await list(objectsUrl('listing', { prefix: '00123', with_metadata: 'true' }));
    expect(plain.objects[0]).toMatchObject({
      name: '00123',
      size: Buffer.byteLength('body of 00123'),
      tags: {},
    });
    expect(plain.objects[0]?.retention_mode).toBeUndefined();
    expect(plain.objects[0]?.legal_hold_status).toBeUndefined();
    const missing = await call('GET', objectsUrl('listing', { prefix: 'nope.txt', with_metadata: 'true' }));
    expect(missing.status).toBe(404);
  });

  it('with_metadata and version_id return that version: its own metadata, tags and legal hold', async () => {
    const v1 = await h.s3.putObject('locked', 'plan.txt', Buffer.from('first'), 5, {
      'X-Amz-Meta-Stage': 'draft',
    });
    await h.s3.setObjectTagging('locked', 'plan.txt', { state: 'old' }, { versionId: v1.versionId ?? '' });
    await (h.s3.setObjectLegalHold('locked', 'plan.txt', {
      status: Minio.LEGAL_HOLD_STATUS.ENABLED,
      versionId: v1.versionId ?? '',
    }) as unknown as Promise<void>);
    const v2 = await h.s3.putObject('locked', 'plan.txt', Buffer.from('second!'), 7, {
      'X-Amz-Meta-Stage': 'final',
    });

    const at = async (versionId?: string) =>
      (
        await list(
          objectsUrl('locked', {
            prefix: 'plan.txt',
            with_metadata: 'true',
            ...(versionId === undefined ? {} : { version_id: versionId }),
          }),
        )
      ).objects[0];
    expect(await at()).toMatchObject({
      version_id: v2.versionId,
      size: 7,
      user_metadata: { stage: 'final' },
      tags: {},
      legal_hold_status: 'OFF',
    });
    expect(await at(v1.versionId ?? '')).toMatchObject({
      version_id: v1.versionId,
      size: 5,
      user_metadata: { stage: 'draft' },
      tags: { state: 'old' },
      legal_hold_status: 'ON',
    });

    const unknown = await call(
      'GET',
      objectsUrl('locked', {
        prefix: 'plan.txt',
        with_metadata: 'true',
        version_id: '00000000-0000-0000-0000-000000000000',
      }),
    );
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(404);
    expect(apiErrorSchema.parse(unknown.body).detailedError).toContain(
      '00000000-0000-0000-0000-000000000000',
    );
    const alone = await call('GET', objectsUrl('locked', { prefix: 'plan.txt', version_id: 'x' }));
    expect(alone.status).toBe(400);
  });
});

describe('GET /api/v1/buckets/{bucket}/rewind/{date}', () => {
  it('shows each key as it was at three points in time, with delete_flag once deleted', async () => {
    await h.s3.makeBucket('rewind');
    await h.s3.setBucketVersioning('rewind', { Status: 'Enabled' });
    await h.s3.putObject('rewind', 'r/a.txt', Buffer.from('version one'));
    await h.s3.putObject('rewind', 'r/sub/inner.txt', Buffer.from('inside'));
    await pause(20);
    const before = new Date().toISOString();
    await pause(20);
    await h.s3.putObject('rewind', 'r/a.txt', Buffer.from('version two is longer'));
    await h.s3.putObject('rewind', 'r/b.txt', Buffer.from('bee'));
    await pause(20);
    const between = new Date().toISOString();
    await pause(20);
    await h.s3.removeObject('rewind', 'r/a.txt');
    await pause(20);
    const after = new Date().toISOString();

    const at = async (date: string) => (await list(rewindUrl('rewind', date, { prefix: 'r/' }))).objects;

    const b = await at(before);
    expect(b.map((o) => o.name)).toEqual(['r/sub/', 'r/a.txt']);
    expect(b[1]).toMatchObject({ size: 11, delete_flag: false, is_delete_marker: false });

    const m = await at(between);
    expect(m.map((o) => o.name)).toEqual(['r/sub/', 'r/a.txt', 'r/b.txt']);
    expect(m[1]).toMatchObject({ size: 21, delete_flag: false });
    expect(m[2]).toMatchObject({ size: 3, delete_flag: false });

    const a = await at(after);
    expect(a.map((o) => o.name)).toEqual(['r/sub/', 'r/a.txt', 'r/b.txt']);
    expect(a[1]).toMatchObject({ delete_flag: true, is_delete_marker: true });
    expect(a[2]).toMatchObject({ size: 3, delete_flag: false });

    // Paged one row at a time, the same rows come back once each.
    const pages = await allPages((cursor) =>
      rewindUrl('rewind', after, { prefix: 'r/', limit: '1', ...(cursor ? { cursor } : {}) }),
    );
    expect(pages.flat().map((o) => o.name)).toEqual(['r/a.txt', 'r/b.txt', 'r/sub/'].sort(byteOrder));

    const longAgo = await at('2001-01-01T00:00:00Z');
    expect(longAgo.filter((o) => !o.name.endsWith('/'))).toEqual([]);
  });

  it('answers 400 for a date that is not a date', async () => {
    const res = await call('GET', rewindUrl('rewind', 'yesterday', {}));
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.body).detailedError).toMatch(/not a date/);
  });
});

describe('deleting objects', () => {
  it('deletes a folder recursively in batches, leaving its siblings', async () => {
    await h.s3.makeBucket('deletes');
    const inside = Array.from({ length: 1234 }, (_, i) => `big/${i % 3 === 0 ? 'sub/' : ''}k-${i}`);
    await putMany('deletes', [...inside, 'big', 'bigger.txt', 'keep/x.txt']);
    const res = await call('DELETE', objectsUrl('deletes', { path: 'big/', recursive: 'true' }));
    expect(res.status).toBe(204);
    expect(await keysIn('deletes')).toEqual(['big', 'bigger.txt', 'keep/x.txt']);
  });

  it('deletes one version, or every version of a folder with all_versions', async () => {
    await h.s3.makeBucket('vdeletes');
    await h.s3.setBucketVersioning('vdeletes', { Status: 'Enabled' });
    const v1 = await h.s3.putObject('vdeletes', 'f/one.txt', Buffer.from('1'));
    const v2 = await h.s3.putObject('vdeletes', 'f/one.txt', Buffer.from('22'));
    const res = await call(
      'DELETE',
      objectsUrl('vdeletes', { path: 'f/one.txt', version_id: v1.versionId ?? '' }),
    );
    expect(res.status).toBe(204);
    const left = await list(objectsUrl('vdeletes', { prefix: 'f/one.txt', with_versions: 'true' }));
    expect(left.objects.map((o) => o.version_id)).toEqual([v2.versionId]);

    await putMany('vdeletes', ['f/two.txt', 'f/deep/three.txt', 'f/two.txt', 'g/stay.txt'], 1);
    await h.s3.removeObject('vdeletes', 'f/deep/three.txt');
    const all = await call(
      'DELETE',
      objectsUrl('vdeletes', { path: 'f/', recursive: 'true', all_versions: 'true' }),
    );
    expect(all.status).toBe(204);
    expect((await versionsOf('vdeletes', '')).map((v) => v.name)).toEqual(['g/stay.txt']);
  });

  it('POST delete-objects removes objects and folders named in the selection', async () => {
    await putMany('deletes', ['sel/a.txt', 'sel/b.txt', 'sel/dir/c.txt', 'sel/dir/d/e.txt', 'sel/keep.txt']);
    const res = await call('POST', deleteObjectsUrl('deletes'), [
      { path: 'sel/a.txt' },
      { path: 'sel/b.txt' },
      { path: 'sel/dir/', recursive: true },
    ]);
    expect(res.status).toBe(204);
    expect(await keysIn('deletes', 'sel/')).toEqual(['sel/keep.txt']);
    const empty = await call('POST', deleteObjectsUrl('deletes'), []);
    expect(empty.status).toBe(400);
  });

  it('refuses to delete a locked version with 403 and a clear message; bypass lifts governance', async () => {
    const held = await h.s3.putObject('locked', 'held.txt', Buffer.from('on hold'));
    await (h.s3.setObjectLegalHold('locked', 'held.txt', {
      status: Minio.LEGAL_HOLD_STATUS.ENABLED,
      versionId: held.versionId ?? '',
    }) as unknown as Promise<void>);
    const one = await call(
      'DELETE',
      objectsUrl('locked', { path: 'held.txt', version_id: held.versionId ?? '' }),
    );
    expect(one.status).toBe(403);
    const err = apiErrorSchema.parse(one.body);
    expect(err.errorMessage).toMatch(/locked/);
    expect(err.detailedError).toMatch(/held\.txt/);
    const many = await call('POST', deleteObjectsUrl('locked'), [
      { path: 'held.txt', versionID: held.versionId },
    ]);
    expect(many.status).toBe(403);
    expect((await versionsOf('locked', 'held.txt')).map((v) => v.versionId)).toEqual([held.versionId]);

    const gov = await h.s3.putObject('locked', 'gov.txt', Buffer.from('governed'));
    await h.s3.putObjectRetention('locked', 'gov.txt', {
      versionId: gov.versionId ?? '',
      mode: Minio.RETENTION_MODES.GOVERNANCE,
      retainUntilDate: new Date(Date.now() + 3600_000).toISOString(),
    });
    const refused = await call(
      'DELETE',
      objectsUrl('locked', { path: 'gov.txt', version_id: gov.versionId ?? '' }),
    );
    expect(refused.status).toBe(403);
    const bypassed = await call(
      'DELETE',
      objectsUrl('locked', { path: 'gov.txt', version_id: gov.versionId ?? '', bypass: 'true' }),
    );
    expect(bypassed.status).toBe(204);
    expect(await versionsOf('locked', 'gov.txt')).toEqual([]);
  });
});
