// SPDX-License-Identifier: Apache-2.0
import type * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootClients, startTestStore, type TestStore } from './harness.js';

// Browser form uploads (POST Object) with policies signed by the minio SDK's presignedPostPolicy,
// posted as multipart/form-data the way a browser sends a form. The browser journey
// e2e/journeys/s3-browser.spec.ts submits a real form page; boto3.test.ts covers boto3's SigV4 and
// SigV2 forms.
let t: TestStore;
let mc: Minio.Client;
const B = 'forms';

interface Signed {
  postURL: string;
  formData: Record<string, string>;
}

async function sign(build: (p: Minio.PostPolicy) => void, expiresInMs = 600_000): Promise<Signed> {
  const p = mc.newPostPolicy();
  p.setBucket(B);
  p.setExpires(new Date(Date.now() + expiresInMs));
  build(p);
  return (await mc.presignedPostPolicy(p)) as Signed;
}

async function post(
  signed: Signed,
  file: string,
  extra: Record<string, string> = {},
  filename = 'upload.txt',
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...signed.formData, ...extra })) form.append(k, v);
  form.append('file', new Blob([file], { type: 'text/plain' }), filename);
  return fetch(signed.postURL, { method: 'POST', body: form, redirect: 'manual' });
}

async function exists(key: string): Promise<boolean> {
  try {
    await mc.statObject(B, key);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  t = await startTestStore();
  mc = rootClients(t).s3;
  await mc.makeBucket(B);
});
afterAll(async () => {
  await t?.stop();
});

describe('POST policy uploads', () => {
  it('stores the file with the form’s metadata and answers 201 with a PostResponse', async () => {
    const signed = await sign((p) => {
      p.setKeyStartsWith('uploads/');
      p.setContentType('text/plain');
      p.setContentLengthRange(1, 1024);
      p.setUserMetaData({ color: 'blue' });
      p.policy.conditions.push(['eq', '$success_action_status', '201']);
    });
    const res = await post(
      signed,
      'hello form',
      // S3's literal `${filename}` variable (not a template).
      { key: `uploads/${'$'}{filename}`, success_action_status: '201' },
      'a.txt',
    );
    expect(res.status).toBe(201);
    const xml = await res.text();
    expect(xml).toContain('<Key>uploads/a.txt</Key>');
    expect(xml).toContain(`<Bucket>${B}</Bucket>`);
    const st = await mc.statObject(B, 'uploads/a.txt');
    expect(st.size).toBe(10);
    expect(st.metaData).toMatchObject({ 'content-type': 'text/plain', color: 'blue' });
    expect(xml).toContain(`<ETag>&quot;${st.etag}&quot;</ETag>`);
  });

  it('answers 204 by default and 303 to success_action_redirect with bucket, key and etag', async () => {
    const plain = await sign((p) => p.setKey('plain.txt'));
    expect((await post(plain, 'x')).status).toBe(204);
    const redirect = await sign((p) => {
      p.setKey('redirected.txt');
      p.policy.conditions.push(['starts-with', '$success_action_redirect', 'http://app.example.com/']);
    });
    const res = await post(redirect, 'y', { success_action_redirect: 'http://app.example.com/done' });
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get('location') ?? '');
    expect(to.origin + to.pathname).toBe('http://app.example.com/done');
    expect(to.searchParams.get('bucket')).toBe(B);
    expect(to.searchParams.get('key')).toBe('redirected.txt');
    expect(to.searchParams.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('refuses a key outside the starts-with condition, naming the condition', async () => {
    const signed = await sign((p) => p.setKeyStartsWith('uploads/'));
    const res = await post(signed, 'x', { key: 'elsewhere/x.txt' });
    expect(res.status).toBe(403);
    const xml = await res.text();
    expect(xml).toContain('<Code>AccessDenied</Code>');
    expect(xml).toContain(
      'Policy Condition failed: [&quot;starts-with&quot;,&quot;$key&quot;,&quot;uploads/&quot;]',
    );
    expect(await exists('elsewhere/x.txt')).toBe(false);
  });

  it('refuses files outside content-length-range (EntityTooLarge / EntityTooSmall) and stores nothing', async () => {
    const signed = await sign((p) => {
      p.setKey('sized.txt');
      p.setContentLengthRange(5, 10);
    });
    const big = await post(signed, 'x'.repeat(11));
    expect(big.status).toBe(400);
    expect(await big.text()).toContain('<Code>EntityTooLarge</Code>');
    const small = await post(signed, 'xy');
    expect(small.status).toBe(400);
    expect(await small.text()).toContain('<Code>EntityTooSmall</Code>');
    expect(await exists('sized.txt')).toBe(false);
    expect((await post(signed, 'x'.repeat(7))).status).toBe(204);
  });

  it('refuses fields the policy does not cover, an expired policy and a tampered signature', async () => {
    const signed = await sign((p) => p.setKey('guarded.txt'));
    const extra = await post(signed, 'x', { 'x-amz-meta-sneaky': 'yes' });
    expect(extra.status).toBe(403);
    expect(await extra.text()).toContain('Extra input fields: x-amz-meta-sneaky');

    const expired = await sign((p) => p.setKey('guarded.txt'), -60_000);
    const old = await post(expired, 'x');
    expect(old.status).toBe(403);
    expect(await old.text()).toContain('Policy expired.');

    const sig = signed.formData['x-amz-signature'] as string;
    const tampered = await post(signed, 'x', {
      'x-amz-signature': `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`,
    });
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(await exists('guarded.txt')).toBe(false);
  });

  it('refuses a form without a file or without a key', async () => {
    const signed = await sign((p) => p.setKey('nofile.txt'));
    const form = new FormData();
    for (const [k, v] of Object.entries(signed.formData)) form.append(k, v);
    const noFile = await fetch(signed.postURL, { method: 'POST', body: form });
    expect(noFile.status).toBe(400);
    expect(await noFile.text()).toContain('POST requires exactly one file upload per request.');
    const { key: _key, ...withoutKey } = signed.formData;
    const noKey = await post({ ...signed, formData: withoutKey }, 'x');
    expect(noKey.status).toBe(400);
    expect(await noKey.text()).toContain('Bucket POST must contain a field named &apos;key&apos;.');
  });

  it('lets an unsigned form upload only where the bucket policy allows anonymous writes', async () => {
    const form = (): FormData => {
      const f = new FormData();
      f.append('key', 'public/anon.txt');
      f.append('file', new Blob(['anon']), 'anon.txt');
      return f;
    };
    const denied = await fetch(`${t.store.url}/${B}`, { method: 'POST', body: form() });
    expect(denied.status).toBe(403);
    await mc.setBucketPolicy(
      B,
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Principal: { AWS: ['*'] },
            Action: ['s3:PutObject'],
            Resource: [`arn:aws:s3:::${B}/public/*`],
          },
        ],
      }),
    );
    const allowed = await fetch(`${t.store.url}/${B}`, { method: 'POST', body: form() });
    expect(allowed.status).toBe(204);
    expect(await exists('public/anon.txt')).toBe(true);
  });
});
