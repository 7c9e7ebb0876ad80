// SPDX-License-Identifier: Apache-2.0
import type { HealOpts, HealResultItem, MadminClient } from '@stowage/madmin';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootClients, startTestStore, type TestStore } from '../s3/conformance/harness.js';
import { emptyDrive, flipSysDocByte, removeSysDoc, sysDocsOnDrive } from './testing/damage.js';

// The admin heal of the store's own documents (configuration, IAM, a bucket's record and settings),
// driven through the madmin client against a real 4-drive store: one drive loses its copies, another
// has a byte of a document's payload flipped. Each document is reported as a `bucket-metadata` item
// (as MinIO reports its `.minio.sys` files); a dry run writes nothing, a normal scan restores what is
// missing but only a deep scan sees the flipped byte, and the healed copies are byte-identical to the
// other drives'. A bucket heal heals that bucket's documents only; the background heal of a replaced
// drive restores them with the same repair.
let t: TestStore;
let s3: Client;
let admin: MadminClient;
const BUCKET = 'docs';
const POLICY = JSON.stringify({
  Version: '2012-10-17',
  Statement: [
    {
      Effect: 'Allow',
      Principal: { AWS: ['*'] },
      Action: ['s3:GetObject'],
      Resource: [`arn:aws:s3:::${BUCKET}/*`],
    },
  ],
});

/** Every document as drive 4 holds it (never damaged here): what the others must hold after a heal. */
let good: Map<string, Buffer>;
let userDoc: string;
let configDoc: string;
const policyDoc = `buckets/${BUCKET}/policy`;

const docs = (drive: number) => sysDocsOnDrive(t.dataDir, drive);

interface DocItem {
  object: string;
  before: string[];
  after: string[];
}

/** Runs a heal to its end through the madmin client; its items by type. */
async function heal(bucket: string, opts: Partial<HealOpts>) {
  const target = bucket ? { bucket } : {};
  const full: HealOpts = { recursive: false, dryRun: false, remove: false, scanMode: 1, ...opts };
  const { clientToken } = await admin.healStart({ ...target, opts: full });
  const items: HealResultItem[] = [];
  for (;;) {
    const status = await admin.healStatus({ ...target, clientToken });
    items.push(...(status.items ?? []));
    if (status.summary !== 'running') {
      expect(status.summary).toBe('finished');
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const states = (d: HealResultItem['before']) => (d.drives ?? []).map((x) => x.state);
  const byDoc = new Map<string, DocItem>();
  for (const i of items.filter((i) => i.type === 'bucket-metadata')) {
    expect(i.bucket).toBe('.stowage.sys');
    byDoc.set(i.object, { object: i.object, before: states(i.before), after: states(i.after) });
  }
  return { items, byDoc };
}

beforeAll(async () => {
  t = await startTestStore(4);
  ({ s3, admin } = rootClients(t));
  await s3.makeBucket(BUCKET);
  await s3.setBucketPolicy(BUCKET, POLICY);
  await admin.addUser('heal-alice', 'heal-alice-secret-1');
  await admin.setConfigKV('audit_webhook:healprobe endpoint=http://127.0.0.1:9/ enable=off');
  good = await docs(4);
  userDoc = [...good.keys()].find((p) => p.startsWith('config/') && p.includes('heal-alice')) ?? '';
  configDoc =
    [...good.keys()].find((p) => p.startsWith('config/') && good.get(p)?.includes('healprobe')) ?? '';
  expect(userDoc).not.toBe('');
  expect(configDoc).not.toBe('');
  expect(good.has(policyDoc)).toBe(true);
  expect(good.has(`buckets/${BUCKET}/bucket.json`)).toBe(true);
  for (const d of [1, 2, 3]) expect(await docs(d)).toEqual(good);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('admin heal of the store documents', () => {
  it('reports each document; a dry run writes nothing, a normal scan restores the missing, a deep scan the damaged', async () => {
    await removeSysDoc(t.dataDir, 1, 'config');
    await removeSysDoc(t.dataDir, 1, 'buckets');
    await flipSysDocByte(t.dataDir, 2, userDoc);

    const dry = await heal('', { dryRun: true, scanMode: 2 });
    expect(dry.items[0]?.type).toBe('metadata');
    expect([...dry.byDoc.keys()].sort()).toEqual([...good.keys()].sort());
    for (const item of dry.byDoc.values()) {
      expect(item.before[0], item.object).toBe('missing');
      expect(item.after, item.object).toEqual(item.before);
    }
    expect(dry.byDoc.get(userDoc)?.before).toEqual(['missing', 'corrupt', 'ok', 'ok']);
    expect(dry.byDoc.get(policyDoc)?.before).toEqual(['missing', 'ok', 'ok', 'ok']);
    expect(dry.items.find((i) => i.object === policyDoc)?.objectSize).toBe(Buffer.byteLength(POLICY));
    expect((await docs(1)).size).toBe(0);
    expect((await docs(2)).get(userDoc)?.equals(good.get(userDoc) as Buffer)).toBe(false);

    // A normal scan judges a copy by its length and header: the flipped payload byte goes unseen.
    const normal = await heal('', { scanMode: 1 });
    expect(normal.byDoc.get(configDoc)).toMatchObject({
      before: ['missing', 'ok', 'ok', 'ok'],
      after: ['ok', 'ok', 'ok', 'ok'],
    });
    expect(normal.byDoc.get(userDoc)?.before).toEqual(['missing', 'ok', 'ok', 'ok']);
    expect(await docs(1)).toEqual(good);
    expect((await docs(2)).get(userDoc)?.equals(good.get(userDoc) as Buffer)).toBe(false);

    const deep = await heal('', { scanMode: 2 });
    expect(deep.byDoc.get(userDoc)).toMatchObject({
      before: ['ok', 'corrupt', 'ok', 'ok'],
      after: ['ok', 'ok', 'ok', 'ok'],
    });
    expect(deep.byDoc.get(policyDoc)?.before).toEqual(['ok', 'ok', 'ok', 'ok']);
    for (const d of [1, 2, 3, 4]) expect(await docs(d), `drive${d}`).toEqual(good);
    expect(await s3.getBucketPolicy(BUCKET)).toBe(POLICY);
  }, 120_000);

  it("a bucket heal heals that bucket's documents and no others", async () => {
    await removeSysDoc(t.dataDir, 3, `buckets/${BUCKET}`);
    await removeSysDoc(t.dataDir, 3, configDoc);

    const r = await heal(BUCKET, { scanMode: 2 });
    const bucketDocs = [...good.keys()].filter((p) => p.startsWith(`buckets/${BUCKET}/`)).sort();
    expect([...r.byDoc.keys()].sort()).toEqual(bucketDocs);
    for (const item of r.byDoc.values()) {
      expect(item.before, item.object).toEqual(['ok', 'ok', 'missing', 'ok']);
      expect(item.after, item.object).toEqual(['ok', 'ok', 'ok', 'ok']);
    }
    // The bucket's documents first (as MinIO heals its metadata before buckets), then the bucket.
    expect(r.items.map((i) => i.type)).toEqual([...bucketDocs.map(() => 'bucket-metadata'), 'bucket']);
    const now = await docs(3);
    for (const p of bucketDocs) expect(now.get(p)?.equals(good.get(p) as Buffer), p).toBe(true);
    expect(now.has(configDoc)).toBe(false);

    await heal('', { scanMode: 1 });
    expect(await docs(3)).toEqual(good);
  }, 120_000);

  it('the background heal of a replaced drive runs the same repair: the same bytes, the other drives untouched', async () => {
    await emptyDrive(t.dataDir, 3, { keepFormat: false });
    // The drive probe (run by a storage report) finds the wiped drive, re-formats it and heals in the background.
    await admin.storageInfo();
    await expect.poll(() => docs(3), { timeout: 30_000, interval: 200 }).toEqual(good);
    for (const d of [1, 2, 4]) expect(await docs(d), `drive${d}`).toEqual(good);
  }, 60_000);
});
