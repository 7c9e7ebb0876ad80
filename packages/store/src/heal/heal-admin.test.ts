// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import type { MadminClient } from '@stowage/madmin';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGoProgram, type GoProgram } from '../../../madmin/src/testing/go-program.js';
import { catalogRows } from '../object-layer/test-support/catalog-rows.js';
import {
  ROOT_PASSWORD,
  ROOT_USER,
  rootClients,
  startTestStore,
  type TestStore,
} from '../s3/conformance/harness.js';
import { bucketFilesOnDrive, emptyDrive, flipShardBytes, isShardFile } from './testing/damage.js';

// The admin heal API doing real erasure heal, driven by madmin-go's Heal: one drive loses every object
// (its folder emptied but for the drive's own format file, which would otherwise make the store re-format
// it and heal it by itself), another has a byte flipped in each shard file; a dry run reports and
// changes nothing, the real heal rebuilds every shard file, checked by reading the drives. madmin-go's
// ServerHealthInfo reads the health report stream.
let t: TestStore;
let s3: Client;
let admin: MadminClient;
let program: GoProgram;
const BUCKET = 'healme';
const OBJECTS: Record<string, Buffer> = {
  'big/one.bin': Buffer.alloc(700 * 1024, 1).fill(9, 1000, 5000),
  'big/two.bin': Buffer.alloc(300 * 1024, 2),
  'small.txt': Buffer.from('inline object, kept in the metadata file'),
};

const driveFiles = (drive: number) => bucketFilesOnDrive(t.dataDir, drive, BUCKET);

async function run(args: string[]): Promise<string> {
  return (await program.run([`${t.host}:${t.port}`, ROOT_USER, ROOT_PASSWORD, ...args], '')).toString('utf8');
}

interface Item {
  object: string;
  before: string[];
  after: string[];
  data: number;
  parity: number;
}

const items = (out: string): Item[] =>
  out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Item);

beforeAll(async () => {
  program = await buildGoProgram('madmin-heal');
  t = await startTestStore(4);
  ({ s3, admin } = rootClients(t));
  await s3.makeBucket(BUCKET);
  for (const [key, body] of Object.entries(OBJECTS)) await s3.putObject(BUCKET, key, body);
}, 300_000);

afterAll(async () => {
  await t?.stop();
});

describe('admin heal with madmin-go', () => {
  it('a dry run reports the damage and changes nothing; the heal rebuilds every shard file', async () => {
    const good = [1, 2, 3, 4].map(() => new Map<string, Buffer>());
    for (let d = 1; d <= 4; d++) good[d - 1] = await driveFiles(d);

    // Drive 1 loses everything it held; drive 2 has a byte flipped in each shard file.
    await emptyDrive(t.dataDir, 1);
    expect((await flipShardBytes(t.dataDir, 2, BUCKET)).length).toBe(2);

    const dry = await run(['heal', BUCKET, 'dry']);
    expect(dry).toContain('DONE finished');
    const dryItems = items(dry);
    expect(dryItems.map((i) => i.object).sort()).toEqual(Object.keys(OBJECTS).sort());
    for (const item of dryItems) {
      expect(item.before[0]).toBe('missing');
      expect(item.after).toEqual(item.before);
    }
    const bigBefore = dryItems.find((i) => i.object === 'big/one.bin');
    expect(bigBefore?.before).toEqual(['missing', 'corrupt', 'ok', 'ok']);
    expect(bigBefore?.data).toBe(2);
    expect(bigBefore?.parity).toBe(2);
    expect((await driveFiles(1)).size).toBe(0);

    const real = await run(['heal', BUCKET]);
    expect(real).toContain('DONE finished');
    const healed = items(real);
    expect(healed.find((i) => i.object === 'big/one.bin')?.before).toEqual([
      'missing',
      'corrupt',
      'ok',
      'ok',
    ]);
    for (const item of healed) expect(item.after).toEqual(['ok', 'ok', 'ok', 'ok']);
    // Drive 1's catalog has every object's row again, as the other drives have it.
    const keysOn = (d: number) =>
      catalogRows(path.join(t.dataDir, `drive${d}`), BUCKET).map((r) => [r.key, r.gen]);
    expect(keysOn(1)).toEqual(keysOn(3));
    expect(keysOn(1).map((r) => r[0])).toEqual(Object.keys(OBJECTS).sort());

    // Every file is back on every drive with the bytes it had (shards are deterministic per drive).
    for (let d = 1; d <= 4; d++) {
      const now = await driveFiles(d);
      const before = good[d - 1] as Map<string, Buffer>;
      for (const [file, bytes] of before) {
        if (!isShardFile(file)) continue;
        expect(now.get(file)?.equals(bytes), `drive${d}/${file}`).toBe(true);
      }
      expect([...now.keys()].filter((f) => f.endsWith('xl.meta') || f.endsWith('.json')).length).toBe(
        [...before.keys()].filter((f) => f.endsWith('xl.meta') || f.endsWith('.json')).length,
      );
    }
    for (const [key, body] of Object.entries(OBJECTS)) {
      const chunks: Buffer[] = [];
      for await (const c of await s3.getObject(BUCKET, key)) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(body)).toBe(true);
    }
  }, 180_000);

  it('ServerHealthInfo reads the whole report: system, drives with a probe, redacted config, server info', async () => {
    const secret = 'Sup3r-Secret-Audit-Token';
    await admin.setConfigKV(
      `audit_webhook:probe endpoint=http://127.0.0.1:9/ auth_token=${secret} enable=off`,
    );
    const raw = (await run(['healthinfo'])).trim();
    expect(raw).not.toContain(secret);
    const report = JSON.parse(raw) as {
      version: string;
      sys: { cpus: unknown[]; meminfo: { total: number }[]; partitions: { partitions: unknown[] }[] };
      minio: {
        info: { deploymentID: string };
        config: { config: Record<string, Record<string, string>[]> };
      };
    };
    expect(report.version).toBe('3');
    expect(report.sys.cpus.length).toBeGreaterThan(0);
    expect(report.sys.meminfo[0]?.total).toBeGreaterThan(0);
    expect(report.sys.partitions[0]?.partitions.length).toBe(4);
    expect(report.minio.info.deploymentID).not.toBe('');
    const probe = report.minio.config.config.audit_webhook?.find((t) => t.target === 'probe');
    expect(probe?.endpoint).toBe('http://127.0.0.1:9/');
    expect(probe?.auth_token).toBe('*redacted*');
  }, 120_000);
});
