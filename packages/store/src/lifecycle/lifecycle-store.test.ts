// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, type RunResult, requireTool, run } from '../s3/conformance/system-tools.js';
import { type ClockedStore, startClockedStore, until } from './testing/clocked-store.js';

// Lifecycle end to end: a real store on 4 drives whose clock the test moves, configured with Debian's
// awscli, written and read with the minio SDK; the scanner runs at the `fastest` speed (a cycle a second).

const AWS = '/usr/bin/aws';
const USER = 'lifecycle-root';
const PASS = 'lifecycle-secret-123';
let local: ClockedStore;
let work: string;
let env: NodeJS.ProcessEnv;
let s3: Client;

function aws(...args: string[]): Promise<RunResult> {
  return run(AWS, ['--endpoint-url', local.store.url, '--no-cli-pager', '--output', 'json', ...args], {
    env,
    cwd: work,
  });
}

async function awsOk(...args: string[]): Promise<string> {
  const r = await aws(...args);
  if (r.code !== 0) throw new Error(`aws ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return r.stdout;
}

async function putLifecycle(bucket: string, config: unknown): Promise<RunResult> {
  const file = path.join(work, `${bucket}-lc.json`);
  await writeFile(file, JSON.stringify(config));
  return aws(
    's3api',
    'put-bucket-lifecycle-configuration',
    '--bucket',
    bucket,
    '--lifecycle-configuration',
    `file://${file}`,
  );
}

async function keys(bucket: string): Promise<string[]> {
  const out: string[] = [];
  for await (const o of s3.listObjectsV2(bucket, '', true)) if (o.name) out.push(o.name);
  return out.sort();
}

async function versions(
  bucket: string,
): Promise<{ name: string; versionId: string; isDeleteMarker: boolean }[]> {
  const out: { name: string; versionId: string; isDeleteMarker: boolean }[] = [];
  const stream = s3.listObjects(bucket, '', true, { IncludeVersion: true });
  for await (const o of stream as AsyncIterable<{
    name: string;
    versionId: string;
    isDeleteMarker: boolean;
  }>) {
    out.push({ name: o.name, versionId: o.versionId, isDeleteMarker: o.isDeleteMarker });
  }
  return out;
}

beforeAll(async () => {
  requireTool(AWS, 'awscli');
  work = await mkdtemp(path.join(tmpdir(), 'stowage-lc-aws-'));
  local = await startClockedStore(USER, PASS);
  s3 = local.s3;
  await writeFile(
    path.join(work, 'config'),
    '[default]\nregion = us-east-1\ns3 =\n    addressing_style = path\n',
  );
  env = cleanEnv({
    AWS_CONFIG_FILE: path.join(work, 'config'),
    AWS_SHARED_CREDENTIALS_FILE: path.join(work, 'none'),
    AWS_ACCESS_KEY_ID: USER,
    AWS_SECRET_ACCESS_KEY: PASS,
    AWS_EC2_METADATA_DISABLED: 'true',
    HOME: work,
  });
});
afterAll(async () => {
  await local?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('bucket lifecycle configuration (awscli)', () => {
  it('puts, gets back the same rules, and deletes; errors carry the reason', async () => {
    await s3.makeBucket('conf');
    const none = await aws('s3api', 'get-bucket-lifecycle-configuration', '--bucket', 'conf');
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('NoSuchLifecycleConfiguration');
    const rules = {
      Rules: [
        {
          ID: 'logs',
          Status: 'Enabled',
          Filter: { And: { Prefix: 'logs/', Tags: [{ Key: 'k', Value: 'v' }], ObjectSizeGreaterThan: 10 } },
          Expiration: { Days: 30 },
          NoncurrentVersionExpiration: { NoncurrentDays: 7, NewerNoncurrentVersions: 2 },
        },
        {
          ID: 'uploads',
          Status: 'Disabled',
          Filter: { Prefix: 'tmp/' },
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 2 },
        },
        { ID: 'markers', Status: 'Enabled', Filter: {}, Expiration: { ExpiredObjectDeleteMarker: true } },
      ],
    };
    const put = await putLifecycle('conf', rules);
    expect(put.stderr).toBe('');
    const got = JSON.parse(await awsOk('s3api', 'get-bucket-lifecycle-configuration', '--bucket', 'conf'));
    expect(got.Rules).toEqual([{ ...rules.Rules[0] }, rules.Rules[1], rules.Rules[2]]);

    const bad = await putLifecycle('conf', {
      Rules: [{ ID: 'x', Status: 'Enabled', Filter: {}, Expiration: { Days: 0 } }],
    });
    expect(bad.stderr).toContain('InvalidArgument');
    expect(bad.stderr).toContain("'Days' for Expiration action must be a positive integer");
    const tier = await putLifecycle('conf', {
      Rules: [
        { ID: 'x', Status: 'Enabled', Filter: {}, Transitions: [{ Days: 1, StorageClass: 'NOSUCHTIER' }] },
      ],
    });
    expect(tier.stderr).toContain('InvalidStorageClass');

    await awsOk('s3api', 'delete-bucket-lifecycle', '--bucket', 'conf');
    const gone = await aws('s3api', 'get-bucket-lifecycle-configuration', '--bucket', 'conf');
    expect(gone.stderr).toContain('NoSuchLifecycleConfiguration');
  });

  it('reports x-amz-expiration on PUT and HEAD of objects a rule will expire', async () => {
    await s3.makeBucket('exp');
    await putLifecycle('exp', {
      Rules: [{ ID: 'week', Status: 'Enabled', Filter: { Prefix: 'a/' }, Expiration: { Days: 7 } }],
    });
    const head = JSON.parse(await awsOk('s3api', 'put-object', '--bucket', 'exp', '--key', 'a/1'));
    expect(head.Expiration).toMatch(
      /^expiry-date="[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} 00:00:00 GMT", rule-id="week"$/,
    );
    const h = JSON.parse(await awsOk('s3api', 'head-object', '--bucket', 'exp', '--key', 'a/1'));
    expect(h.Expiration).toBe(head.Expiration);
    await awsOk('s3api', 'put-object', '--bucket', 'exp', '--key', 'b/1');
    const other = JSON.parse(await awsOk('s3api', 'head-object', '--bucket', 'exp', '--key', 'b/1'));
    expect(other.Expiration).toBeUndefined();
  });
});

describe('the scanner applies the rules when the clock moves', () => {
  it('expires, expires noncurrent versions and lone delete markers, aborts uploads, keeps locked versions', async () => {
    // Unversioned: current versions are removed.
    await s3.makeBucket('plain');
    for (const k of ['old/1', 'old/2', 'keep/1']) await s3.putObject('plain', k, Buffer.from(k));
    await putLifecycle('plain', {
      Rules: [
        { ID: 'old', Status: 'Enabled', Filter: { Prefix: 'old/' }, Expiration: { Days: 3 } },
        {
          ID: 'mpu',
          Status: 'Enabled',
          Filter: { Prefix: '' },
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        },
      ],
    });
    const upload = JSON.parse(
      await awsOk('s3api', 'create-multipart-upload', '--bucket', 'plain', '--key', 'big'),
    );
    expect(upload.UploadId).toBeTruthy();

    // Versioned with object lock: the current version gets a delete marker, noncurrent ones go, a
    // version under legal hold stays.
    await s3.makeBucket('locked', 'us-east-1', { ObjectLocking: true });
    await s3.putObject('locked', 'doc', Buffer.from('v1'));
    await s3.putObject('locked', 'doc', Buffer.from('v2'));
    const held = await s3.putObject('locked', 'held', Buffer.from('held v1'));
    await s3.setObjectLegalHold('locked', 'held', { status: 'ON', versionId: held.versionId ?? '' });
    await s3.putObject('locked', 'held', Buffer.from('held v2'));
    await s3.putObject('locked', 'gone', Buffer.from('x'));
    await s3.removeObject('locked', 'gone'); // a delete marker over one version
    await putLifecycle('locked', {
      Rules: [
        { ID: 'cur', Status: 'Enabled', Filter: { Prefix: 'doc' }, Expiration: { Days: 10 } },
        { ID: 'nc', Status: 'Enabled', Filter: {}, NoncurrentVersionExpiration: { NoncurrentDays: 1 } },
        { ID: 'dm', Status: 'Enabled', Filter: {}, Expiration: { ExpiredObjectDeleteMarker: true } },
      ],
    });

    // Nothing is due yet: a few scanner cycles change nothing.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await keys('plain')).toEqual(['keep/1', 'old/1', 'old/2']);
    expect((await versions('locked')).length).toBe(6);

    local.clock.advanceDays(4);
    await until(async () => (await keys('plain')).length === 1, 'old/ expired');
    expect(await keys('plain')).toEqual(['keep/1']);
    // awscli prints nothing for a listing without uploads.
    const uploads = (await awsOk('s3api', 'list-multipart-uploads', '--bucket', 'plain')).trim();
    expect(uploads === '' ? [] : (JSON.parse(uploads).Uploads ?? [])).toEqual([]);
    await until(
      async () => !(await versions('locked')).some((v) => v.name === 'gone'),
      'lone marker removed',
    );
    const left = await versions('locked');
    // doc: v1 noncurrent for 2+ days → gone; v2 current, not yet 10 days → stays.
    expect(left.filter((v) => v.name === 'doc').length).toBe(1);
    // held: v1 is noncurrent but under legal hold → kept; v2 stays current.
    expect(left.filter((v) => v.name === 'held').map((v) => v.versionId)).toContain(held.versionId);

    local.clock.advanceDays(10);
    await until(
      async () => (await versions('locked')).some((v) => v.name === 'doc' && v.isDeleteMarker),
      'delete marker on doc',
    );
    const got = await s3.getObject('locked', 'held', { versionId: held.versionId ?? '' });
    let text = '';
    for await (const c of got) text += String(c);
    expect(text).toBe('held v1');
  });
});
