// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { apiErrorSchema, apiPaths, SHARE_MAX_EXPIRY_MS } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { sessionCookieHeader } from '../../testing/console-harness.js';
import { type Query, url, useObjectRig } from '../../testing/object-rig.js';
import { unzip } from '../../testing/unzip.js';

async function bytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sockets the console's S3 client (Node's global agent) has open to the store for requests in flight. */
function storeSocketsInFlight(): number {
  const sockets = http.globalAgent.sockets;
  return Object.entries(sockets)
    .filter(([name]) => name.startsWith(`127.0.0.1:${h.store.port}:`))
    .reduce((n, [, list]) => n + (list?.length ?? 0), 0);
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

const big = randomBytes(6 * 1024 * 1024 + 123);
const huge = randomBytes(40 * 1024 * 1024);
const text = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz — plain text, ünïcödé\n');

const h = useObjectRig(async (h) => {
  await h.s3.makeBucket('data');
  await h.s3.putObject('data', 'docs/hello.txt', text);
  await h.s3.putObject('data', 'docs/My report ü €.txt', text);
  await h.s3.putObject(
    'data',
    'docs/page.html',
    Buffer.from('<script>alert(1)</script><h1>hi</h1>'),
    undefined,
    {
      'Content-Type': 'text/html',
    },
  );
  await h.s3.putObject('data', 'docs/logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
  await h.s3.putObject('data', 'docs/paper.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
  await h.s3.putObject('data', 'docs/data.json', Buffer.from('{"a":1}'), undefined, {
    'Content-Type': 'application/json',
  });
  // A folder for archives: objects at two levels, a big one, a folder marker and a non-ASCII name.
  await h.s3.putObject('data', 'photos/a.txt', Buffer.from('first'));
  await h.s3.putObject('data', 'photos/big.bin', big);
  await h.s3.putObject('data', 'photos/2024/b.txt', Buffer.from('second, in a subfolder'));
  await h.s3.putObject('data', 'photos/2024/ü name.txt', Buffer.from('third'));
  await h.s3.putObject('data', 'photos/empty/', Buffer.alloc(0));
  await h.s3.putObject('data', 'top.txt', Buffer.from('at the root'));
  await h.s3.putObject('data', 'huge/huge.bin', huge);
});

describe('GET …/objects/share', () => {
  const share = (query: Query) => h.call('GET', url(apiPaths.objectShare, 'data', query));

  it('answers a presigned URL on the store, signed with the session token, that a fresh client can fetch', async () => {
    const res = await share({ prefix: 'docs/hello.txt', expires: '3600000ms' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const link = String(res.body);
    expect(link.startsWith(`${h.store.url}/data/docs/hello.txt?`)).toBe(true);
    const params = new URL(link).searchParams;
    expect(params.get('X-Amz-Expires')).toBe('3600');
    expect(params.get('X-Amz-Security-Token')).toBeTruthy();
    // Signed with the session's STS credentials, not the root keys.
    expect(params.get('X-Amz-Credential')?.startsWith(`${h.rootUser}/`)).toBe(false);
    const got = await fetch(link);
    expect(got.status).toBe(200);
    expect(await bytes(got)).toEqual(text);
    // Names that need escaping.
    const special = String((await share({ prefix: 'docs/My report ü €.txt' })).body);
    expect(await bytes(await fetch(special))).toEqual(text);
  });

  it('defaults to and allows at most 7 days; accepts a plain number of milliseconds', async () => {
    const dflt = await share({ prefix: 'docs/hello.txt' });
    expect(new URL(String(dflt.body)).searchParams.get('X-Amz-Expires')).toBe('604800');
    const max = await share({ prefix: 'docs/hello.txt', expires: `${SHARE_MAX_EXPIRY_MS}ms` });
    expect(new URL(String(max.body)).searchParams.get('X-Amz-Expires')).toBe('604800');
    const plain = await share({ prefix: 'docs/hello.txt', expires: '90000' });
    expect(new URL(String(plain.body)).searchParams.get('X-Amz-Expires')).toBe('90');
  });

  it('refuses an expiry above 7 days, zero or not a number with 400', async () => {
    for (const expires of [`${SHARE_MAX_EXPIRY_MS + 1}ms`, '0ms', '0', 'soon', '-5ms', '1.5ms']) {
      const res = await share({ prefix: 'docs/hello.txt', expires });
      expect(res.status, expires).toBe(400);
      expect(apiErrorSchema.parse(res.body).detailedError).not.toBe('');
    }
  });

  it('a missing object is 404 and a missing prefix 400', async () => {
    expect((await share({ prefix: 'docs/nope.txt' })).status).toBe(404);
    expect((await h.call('GET', url(apiPaths.objectShare, 'data', {}))).status).toBe(400);
  });

  it('a link made for one second is refused by the store once it has expired', async () => {
    const res = await share({ prefix: 'docs/hello.txt', expires: '1000ms' });
    const link = String(res.body);
    expect(new URL(link).searchParams.get('X-Amz-Expires')).toBe('1');
    await pause(2500);
    // Poll rather than trust one clock reading: the store may see the expiry a little later.
    let status = 0;
    for (let i = 0; i < 30 && status !== 403; i++) {
      const got = await fetch(link);
      status = got.status;
      await got.arrayBuffer();
      if (status !== 403) await pause(500);
    }
    expect(status).toBe(403);
  });
});

describe('GET …/objects/download (one object)', () => {
  const download = (query: Query, headers: Record<string, string> = {}) =>
    h.get(url(apiPaths.objectDownload, 'data', query), headers);

  it('streams the whole object as an attachment with length, ETag and Last-Modified', async () => {
    const stat = await h.s3.statObject('data', 'photos/big.bin');
    const res = await download({ prefix: 'photos/big.bin' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(big.length));
    expect(res.headers.get('etag')).toBe(`"${stat.etag}"`);
    expect(Date.parse(res.headers.get('last-modified') ?? '')).toBe(
      Math.floor(stat.lastModified.getTime() / 1000) * 1000,
    );
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="big.bin"; filename*=UTF-8''big.bin`,
    );
    expect(await bytes(res)).toEqual(big);
  });

  it('passes Range through: 206 with Content-Range and those bytes; an unsatisfiable range is 416', async () => {
    const res = await download({ prefix: 'docs/hello.txt' }, { range: 'bytes=10-19' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 10-19/${text.length}`);
    expect(res.headers.get('content-length')).toBe('10');
    expect(await bytes(res)).toEqual(text.subarray(10, 20));

    const suffix = await download({ prefix: 'photos/big.bin' }, { range: 'bytes=-100' });
    expect(suffix.status).toBe(206);
    expect(await bytes(suffix)).toEqual(big.subarray(big.length - 100));

    const bad = await download({ prefix: 'docs/hello.txt' }, { range: 'bytes=5000-6000' });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe(`bytes */${text.length}`);
    expect(apiErrorSchema.parse(await bad.json()).errorMessage).toMatch(/range/i);
  });

  it('names the file with spaces and non-ASCII characters in Content-Disposition', async () => {
    const res = await download({ prefix: 'docs/My report ü €.txt' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="My report _ _.txt"; filename*=UTF-8''My%20report%20%C3%BC%20%E2%82%AC.txt`,
    );
    expect(await bytes(res)).toEqual(text);
  });

  it('downloads an older version by version_id', async () => {
    await h.s3.makeBucket('versions');
    await h.s3.setBucketVersioning('versions', { Status: 'Enabled' });
    const v1 = await h.s3.putObject('versions', 'v.txt', Buffer.from('version one'));
    await h.s3.putObject('versions', 'v.txt', Buffer.from('version two'));
    const old = await h.get(
      url(apiPaths.objectDownload, 'versions', { prefix: 'v.txt', version_id: String(v1.versionId) }),
    );
    expect(await old.text()).toBe('version one');
    const latest = await h.get(url(apiPaths.objectDownload, 'versions', { prefix: 'v.txt' }));
    expect(await latest.text()).toBe('version two');
    const link = await h.call(
      'GET',
      url(apiPaths.objectShare, 'versions', { prefix: 'v.txt', version_id: String(v1.versionId) }),
    );
    expect(await (await fetch(String(link.body))).text()).toBe('version one');
  });

  it('a missing object is a 404 JSON error; a malformed version id is 400', async () => {
    const res = await download({ prefix: 'docs/nope.txt' });
    expect(res.status).toBe(404);
    expect(apiErrorSchema.parse(await res.json()).errorMessage).toBe('The specified object does not exist');
    expect((await download({ prefix: 'docs/hello.txt', version_id: 'a&b=c' })).status).toBe(400);
  });

  it('previews a .txt inline as text/plain under a sandboxing CSP, replacing the app CSP', async () => {
    const res = await download({ prefix: 'docs/hello.txt', preview: 'true' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="hello.txt"/);
    const csp = res.headers.get('content-security-policy') ?? '';
    // One policy (a second header would be combined with it), sandboxed, loading nothing else.
    expect(csp).not.toContain(',');
    expect(csp.split(';').map((d) => d.trim())).toEqual(
      expect.arrayContaining(['sandbox', "default-src 'none'", "frame-ancestors 'self'"]),
    );
    expect(csp).not.toContain('script-src');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(await bytes(res)).toEqual(text);
  });

  it('never serves uploaded HTML or JSON as a document: a preview of .html is plain text, sandboxed', async () => {
    for (const prefix of ['docs/page.html', 'docs/data.json']) {
      const res = await download({ prefix, preview: 'true' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type'), prefix).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/);
      await res.arrayBuffer();
    }
    // An SVG shows as an image, still sandboxed (scripts in it cannot run).
    const svg = await download({ prefix: 'docs/logo.svg', preview: 'true' });
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    await svg.arrayBuffer();
    // A PDF is not sandboxed (Chrome's viewer refuses sandboxed documents) but loads nothing else.
    const pdf = await download({ prefix: 'docs/paper.pdf', preview: 'true' });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(pdf.headers.get('content-security-policy')).not.toContain('sandbox');
    await pdf.arrayBuffer();
    // Without preview the app's own CSP stays.
    const plain = await download({ prefix: 'docs/page.html' });
    expect(plain.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(plain.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    await plain.arrayBuffer();
  });

  it('answers HEAD with the headers from a HEAD to the store, reading no object bytes', async () => {
    const res = await fetch(`${h.base}${url(apiPaths.objectDownload, 'data', { prefix: 'huge/huge.bin' })}`, {
      method: 'HEAD',
      headers: { cookie: sessionCookieHeader(h.token) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(huge.length));
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="huge.bin"/);
    // A GET behind the HEAD would still be reading 40 MiB from the store now.
    expect(storeSocketsInFlight()).toBe(0);
    const zip = await fetch(`${h.base}${url(apiPaths.objectDownload, 'data', { prefix: 'huge/' })}`, {
      method: 'HEAD',
      headers: { cookie: sessionCookieHeader(h.token) },
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(storeSocketsInFlight()).toBe(0);
  });

  it('stops reading from the store when the client goes away', async () => {
    expect(storeSocketsInFlight()).toBe(0);
    const res = await download({ prefix: 'huge/huge.bin' });
    const reader = res.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    // The 40 MiB body cannot all sit in socket buffers: the store's response is still open.
    expect(storeSocketsInFlight()).toBe(1);
    await reader?.cancel();
    await until(() => storeSocketsInFlight() === 0, 'the store connection to close');
  });
});

describe('GET …/objects/download (zip)', () => {
  const download = (query: Query) => h.get(url(apiPaths.objectDownload, 'data', query));

  it('streams a folder as <folder>.zip with every object under it, recursively', async () => {
    const res = await download({ prefix: 'photos/' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="photos.zip"; filename*=UTF-8''photos.zip`,
    );
    const entries = await unzip(await bytes(res));
    expect([...entries.keys()].sort()).toEqual(
      [
        'photos/',
        'photos/2024/b.txt',
        'photos/2024/ü name.txt',
        'photos/a.txt',
        'photos/big.bin',
        'photos/empty/',
      ].sort(),
    );
    expect(entries.get('photos/a.txt')?.toString()).toBe('first');
    expect(entries.get('photos/2024/b.txt')?.toString()).toBe('second, in a subfolder');
    expect(entries.get('photos/2024/ü name.txt')?.toString()).toBe('third');
    expect(entries.get('photos/big.bin')?.equals(big)).toBe(true);
  });

  it('zips a multi-selection relative to the folder it is in, named after that folder or the bucket', async () => {
    const res = await download({ prefix: ['photos/a.txt', 'photos/2024/'] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="photos.zip"/);
    const entries = await unzip(await bytes(res));
    expect([...entries.keys()].sort()).toEqual(['2024/', '2024/b.txt', '2024/ü name.txt', 'a.txt']);
    expect(entries.get('a.txt')?.toString()).toBe('first');

    // A name inside a selected folder is archived once.
    const nested = await download({ prefix: ['photos/2024/', 'photos/2024/b.txt', 'photos/a.txt'] });
    expect([...(await unzip(await bytes(nested))).keys()].sort()).toEqual([
      '2024/',
      '2024/b.txt',
      '2024/ü name.txt',
      'a.txt',
    ]);

    const root = await download({ prefix: ['top.txt', 'docs/hello.txt'] });
    expect(root.headers.get('content-disposition')).toMatch(/^attachment; filename="data.zip"/);
    const rootEntries = await unzip(await bytes(root));
    expect([...rootEntries.keys()].sort()).toEqual(['docs/hello.txt', 'top.txt']);
    expect(rootEntries.get('docs/hello.txt')?.equals(text)).toBe(true);
  });

  it('archives a folder of more than one listing page (1,000 keys), every entry once', async () => {
    const keys = Array.from({ length: 1003 }, (_, i) => `many/f-${String(i).padStart(4, '0')}.txt`);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < keys.length) {
        const key = keys[next++] as string;
        await h.s3.putObject('data', key, Buffer.from(`body of ${key}`));
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const res = await download({ prefix: 'many/' });
    expect(res.status).toBe(200);
    const entries = await unzip(await bytes(res));
    expect(entries.size).toBe(keys.length + 1);
    for (const key of keys) expect(entries.get(key)?.toString()).toBe(`body of ${key}`);
  }, 120_000);

  it('fails with a JSON error before the archive starts when the bucket or a selected object is missing', async () => {
    const noBucket = await h.get(url(apiPaths.objectDownload, 'nobucket', { prefix: 'a/' }));
    expect(noBucket.status).toBe(404);
    expect(apiErrorSchema.parse(await noBucket.json()).errorMessage).toMatch(/bucket/i);
    const noObject = await download({ prefix: ['top.txt', 'missing.txt'] });
    expect(noObject.status).toBe(404);
    await noObject.arrayBuffer();
    const withVersion = await download({ prefix: 'photos/', version_id: 'abc' });
    expect(withVersion.status).toBe(400);
    await withVersion.arrayBuffer();
    const preview = await download({ prefix: ['top.txt', 'docs/hello.txt'], preview: 'true' });
    expect(preview.status).toBe(400);
    await preview.arrayBuffer();
  });

  it('stops reading from the store when the client goes away mid-archive', async () => {
    expect(storeSocketsInFlight()).toBe(0);
    const res = await download({ prefix: 'huge/' });
    const reader = res.body?.getReader();
    // Read into the object's data (past the local headers), so the store's response is being piped.
    let received = 0;
    while (received < 2 * 1024 * 1024) {
      const chunk = await reader?.read();
      expect(chunk?.done).toBe(false);
      received += chunk?.value?.length ?? 0;
    }
    expect(storeSocketsInFlight()).toBe(1);
    await reader?.cancel();
    await until(() => storeSocketsInFlight() === 0, 'the store connection to close');
  });
});
