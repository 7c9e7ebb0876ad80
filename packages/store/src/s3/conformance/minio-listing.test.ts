// SPDX-License-Identifier: Apache-2.0
import { presignUrl } from '@stowage/madmin';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore } from './harness.js';

// Conformance with the official `minio` npm SDK: ListObjectsV2 and V1 (prefix, delimiter, markers,
// continuation tokens, max-keys), MinIO's metadata extension.
let t: TestStore;
let mc: Minio.Client;
const B = 'listing';
const KEYS = ['a.txt', 'b/1.txt', 'b/2.txt', 'b/c/3.txt', 'd e/space.txt', 'z.txt', 'ü/utf8.txt'];

interface Item {
  name?: string;
  prefix?: string;
  size: number;
}

async function collect(stream: NodeJS.ReadableStream): Promise<Item[]> {
  const out: Item[] = [];
  for await (const item of stream) out.push(item as unknown as Item);
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
  await mc.makeBucket(B);
  for (const k of KEYS)
    await mc.putObject(B, k, `content of ${k}`, undefined, {
      'X-Amz-Meta-Key-Name': 'v',
      'Content-Type': 'text/plain',
    });
  await mc.setObjectTagging(B, 'a.txt', { color: 'red' });
});
afterAll(async () => {
  await t?.stop();
});

describe('listing (minio SDK)', () => {
  it('lists recursively and by delimiter (V2)', async () => {
    const all = await collect(mc.listObjectsV2(B, '', true));
    expect(all.map((o) => o.name)).toEqual([...KEYS].sort());
    const top = await collect(mc.listObjectsV2(B, '', false));
    expect(top.filter((o) => o.name).map((o) => o.name)).toEqual(['a.txt', 'z.txt']);
    expect(top.filter((o) => o.prefix).map((o) => o.prefix)).toEqual(['b/', 'd e/', 'ü/']);
    const inB = await collect(mc.listObjectsV2(B, 'b/', false));
    expect(inB.map((o) => o.name ?? o.prefix)).toEqual(['b/1.txt', 'b/2.txt', 'b/c/']);
    const after = await collect(mc.listObjectsV2(B, '', true, 'b/c/3.txt'));
    expect(after.map((o) => o.name)).toEqual(['d e/space.txt', 'z.txt', 'ü/utf8.txt']);
  });

  it('pages with max-keys and continuation tokens (V2)', async () => {
    const seen: string[] = [];
    let token = '';
    let pages = 0;
    for (;;) {
      const r = await mc.listObjectsV2Query(B, '', token, '', 2, '');
      pages++;
      for (const o of r.objects) if (o.name) seen.push(o.name);
      if (!r.isTruncated) break;
      token = r.nextContinuationToken;
      expect(token).not.toBe('');
    }
    expect(pages).toBe(4);
    expect(seen).toEqual([...KEYS].sort());
    // Pages with common prefixes do not repeat a prefix on the next page.
    const prefixes: string[] = [];
    token = '';
    for (;;) {
      const r = await mc.listObjectsV2Query(B, '', token, '/', 1, '');
      for (const o of r.objects) prefixes.push((o.name ?? o.prefix) as string);
      if (!r.isTruncated) break;
      token = r.nextContinuationToken;
    }
    expect(prefixes).toEqual(['a.txt', 'b/', 'd e/', 'z.txt', 'ü/']);
  });

  it('pages with marker and NextMarker (V1)', async () => {
    const seen: string[] = [];
    let marker = '';
    for (;;) {
      const r = await mc.listObjectsQuery(B, '', marker, {
        Delimiter: '',
        MaxKeys: 3,
        IncludeVersion: false,
      });
      for (const o of r.objects) if (o.name) seen.push(o.name);
      if (!r.isTruncated) break;
      marker = r.nextMarker ?? (r.objects[r.objects.length - 1]?.name as string);
    }
    expect(seen).toEqual([...KEYS].sort());
    const v1 = await collect(mc.listObjects(B, 'b/', false));
    expect(v1.map((o) => o.name ?? o.prefix)).toEqual(['b/1.txt', 'b/2.txt', 'b/c/']);
  });

  it('answers the listing details and errors on the wire', async () => {
    const base = `http://${t.host}:${t.port}`;
    const url = await mc.presignedUrl('GET', B, '', 60, {
      'list-type': '2',
      prefix: 'd e/',
      'fetch-owner': 'true',
      'encoding-type': 'url',
    });
    const res = await fetch(url);
    const xml = await res.text();
    expect(xml).toContain('<Key>d%20e/space.txt</Key>');
    expect(xml).toContain('<EncodingType>url</EncodingType>');
    expect(xml).toContain('<Owner>');
    expect(xml).toContain('<KeyCount>1</KeyCount>');
    let bad = await fetch(await mc.presignedUrl('GET', B, '', 60, { 'list-type': '2', 'max-keys': '-1' }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('<Code>InvalidArgument</Code>');
    bad = await fetch(
      await mc.presignedUrl('GET', B, '', 60, { 'list-type': '2', 'encoding-type': 'base64' }),
    );
    expect(bad.status).toBe(400);
    await bad.arrayBuffer();
    bad = await fetch(
      presignUrl({
        method: 'GET',
        url: `${base}/no-such-bucket?list-type=2`,
        accessKey: ROOT_USER,
        secretKey: ROOT_PASSWORD,
        region: 'us-east-1',
      }),
    );
    expect(bad.status).toBe(404);
    expect(await bad.text()).toContain('<Code>NoSuchBucket</Code>');
  });

  it("returns user metadata and tags with MinIO's metadata=true extension", async () => {
    const items = await collect(mc.extensions.listObjectsV2WithMetadata(B, '', true, ''));
    const a = items.find((o) => o.name === 'a.txt') as unknown as {
      metadata: { Items: { Key: string; Value: string }[] } | Record<string, string>;
      tags: Record<string, string>;
    };
    expect(a).toBeDefined();
    expect(JSON.stringify(a.metadata)).toContain('X-Amz-Meta-Key-Name');
    expect(JSON.stringify(a.metadata)).toContain('text/plain');
    expect(a.tags).toEqual({ color: 'red' });
  });
});
