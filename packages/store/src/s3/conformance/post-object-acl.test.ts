// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import type * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boto3Report } from './boto3.js';
import { ROOT_PASSWORD, ROOT_USER, rootClients, startTestStore, type TestStore } from './harness.js';

// Issue 37: POST object forms with `acl` fields (under each Object Ownership setting) and Ceph's POST
// behaviours with ACLs enabled — forms signed by the minio SDK's presignedPostPolicy and by boto3's
// generate_presigned_post, posted as multipart/form-data.
let t: TestStore;
let mc: Minio.Client;
const OPEN = 'forms-acl';
const ENFORCED = 'forms-enforced';

interface Signed {
  postURL: string;
  formData: Record<string, string>;
}

async function sign(
  bucket: string,
  conditions: unknown[],
  expiresInMs = 600_000,
  build: (p: Minio.PostPolicy) => void = () => undefined,
): Promise<Signed> {
  const p = mc.newPostPolicy();
  p.setBucket(bucket);
  p.setExpires(new Date(Date.now() + expiresInMs));
  p.setKeyStartsWith('');
  build(p);
  p.policy.conditions.push(...(conditions as string[][]));
  return (await mc.presignedPostPolicy(p)) as Signed;
}

async function post(signed: Signed, fields: Record<string, string>, file = 'form body'): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...signed.formData, ...fields })) form.append(k, v);
  form.append('file', new Blob([file], { type: 'text/plain' }), 'picked.txt');
  return fetch(signed.postURL, { method: 'POST', body: form, redirect: 'manual' });
}

async function codeOf(res: Response): Promise<[number, string]> {
  const text = await res.text();
  return [res.status, /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? ''];
}

beforeAll(async () => {
  t = await startTestStore(4, { env: { MINIO_API_OBJECT_OWNERSHIP: 'ObjectWriter' } });
  mc = rootClients(t).s3;
  await mc.makeBucket(OPEN);
  await mc.makeRequestAsync(
    { method: 'PUT', bucketName: ENFORCED, headers: { 'x-amz-object-ownership': 'BucketOwnerEnforced' } },
    '',
    [200],
  );
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

describe('acl fields', () => {
  it('accepts the owner-only ACLs under BucketOwnerEnforced and refuses the others', async () => {
    for (const acl of ['private', 'bucket-owner-full-control']) {
      const signed = await sign(ENFORCED, [['eq', '$acl', acl]]);
      const res = await post(signed, { key: `enforced-${acl}`, acl });
      expect([acl, res.status]).toEqual([acl, 204]);
    }
    const signed = await sign(ENFORCED, [['eq', '$acl', 'public-read']]);
    expect(await codeOf(await post(signed, { key: 'enforced-public', acl: 'public-read' }))).toEqual([
      400,
      'AccessControlListNotSupported',
    ]);
  });

  it('applies the acl with ACLs enabled (public-read reaches anonymous readers)', async () => {
    const signed = await sign(OPEN, [['eq', '$acl', 'public-read']]);
    expect((await post(signed, { key: 'public.txt', acl: 'public-read' })).status).toBe(204);
    const anon = await fetch(`${t.store.url}/${OPEN}/public.txt`);
    expect([anon.status, await anon.text()]).toEqual([200, 'form body']);
    const privateForm = await sign(OPEN, [['eq', '$acl', 'private']]);
    expect((await post(privateForm, { key: 'private.txt', acl: 'private' })).status).toBe(204);
    const denied = await fetch(`${t.store.url}/${OPEN}/private.txt`);
    await denied.arrayBuffer();
    expect(denied.status).toBe(403);
  });
});

describe('Ceph’s POST behaviours', () => {
  it('matches condition and field names in any case', async () => {
    const signed = await sign(OPEN, [
      ['eq', '$ACL', 'public-read'],
      ['starts-with', '$Content-Type', 'text/'],
    ]);
    const res = await post(signed, { key: 'cased.txt', Acl: 'public-read', 'CONTENT-TYPE': 'text/plain' });
    expect(res.status).toBe(204);
  });

  it('compares escaped values literally', async () => {
    const signed = await sign(OPEN, [['starts-with', '$key', '\\$foo']]);
    expect((await post(signed, { key: '\\$foo.txt' })).status).toBe(204);
    expect((await mc.statObject(OPEN, '\\$foo.txt')).size).toBe(9);
  });

  it('bounds the file by content-length-range', async () => {
    const signed = await sign(OPEN, [], 600_000, (p) => p.setContentLengthRange(0, 5));
    expect(await codeOf(await post(signed, { key: 'big.txt' }))).toEqual([400, 'EntityTooLarge']);
    const small = await sign(OPEN, [], 600_000, (p) => p.setContentLengthRange(20, 50));
    expect(await codeOf(await post(small, { key: 'small.txt' }))).toEqual([400, 'EntityTooSmall']);
  });

  it('refuses an expired policy and a field no condition covers with 403', async () => {
    const expired = await sign(OPEN, [], -60_000);
    expect(await codeOf(await post(expired, { key: 'late.txt' }))).toEqual([403, 'AccessDenied']);
    const signed = await sign(OPEN, []);
    expect(await codeOf(await post(signed, { key: 'extra.txt', 'x-amz-meta-extra': 'v' }))).toEqual([
      403,
      'AccessDenied',
    ]);
  });

  it('answers the asked success code (201 with a document, 200, else 204) and fills the filename variable', async () => {
    for (const [status, want] of [
      ['201', 201],
      ['200', 200],
      ['404', 204],
    ] as const) {
      const signed = await sign(OPEN, [['eq', '$success_action_status', status]]);
      const res = await post(signed, { key: `codes/${status}/\${filename}`, success_action_status: status });
      const body = await res.text();
      expect([status, res.status]).toEqual([status, want]);
      if (want === 201) expect(body).toContain(`<Key>codes/201/picked.txt</Key>`);
    }
  });

  it('checks an x-amz-checksum-* field against the file (BadDigest otherwise)', async () => {
    const good = createHash('sha256').update('form body').digest('base64');
    const signed = await sign(OPEN, [['starts-with', '$x-amz-checksum-sha256', '']]);
    const ok = await post(signed, { key: 'summed.txt', 'x-amz-checksum-sha256': good });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('x-amz-checksum-sha256')).toBe(good);
    const wrong = createHash('sha256').update('other').digest('base64');
    expect(await codeOf(await post(signed, { key: 'bad-sum.txt', 'x-amz-checksum-sha256': wrong }))).toEqual([
      400,
      'BadDigest',
    ]);
  });
});

describe('boto3', () => {
  it('posts generate_presigned_post forms with acl fields', async () => {
    const seen = await boto3Report('boto3_post_acl', [t.store.url, ROOT_USER, ROOT_PASSWORD, OPEN, ENFORCED]);
    expect(seen.open_public).toBe(204);
    expect(seen.anonymous_read).toBe(200);
    expect(seen.enforced_private).toBe(204);
    expect(seen.enforced_public).toEqual([400, 'AccessControlListNotSupported']);
    expect(seen.created).toBe(201);
  });
});
