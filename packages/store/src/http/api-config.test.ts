// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MadminClient, signRequest } from '@stowage/madmin';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreHandle, startStore } from '../server.js';

// The api set and the region set against a real store, changed through the admin API (madmin) and
// observed by real clients: requests_max/requests_deadline (503 SlowDown), cors_allow_origin, and the
// SigV4 region check after the region set takes effect at a restart.
const ROOT = 'api-config-root';
const SECRET = 'api-config-secret-123';
let dataDir: string;
let store: StoreHandle;
let admin: MadminClient;

async function start(): Promise<void> {
  store = await startStore({
    dataDir,
    drives: 4,
    port: 0,
    host: '127.0.0.1',
    rootUser: ROOT,
    rootPassword: SECRET,
  });
  admin = new MadminClient({ endpoint: store.url, accessKey: ROOT, secretKey: SECRET });
}

function s3(region: string): Minio.Client {
  const u = new URL(store.url);
  return new Minio.Client({
    endPoint: u.hostname,
    port: Number(u.port),
    useSSL: false,
    accessKey: ROOT,
    secretKey: SECRET,
    region,
  });
}

/** SigV4 headers of a bodiless request signed for `region`. */
function signedFor(method: string, url: string, region: string): Record<string, string> {
  return signRequest({ method, url, accessKey: ROOT, secretKey: SECRET, region, service: 's3' });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-api-config-'));
  await start();
  await s3('us-east-1').makeBucket('slow');
});

afterAll(async () => {
  await store?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * A signed PUT whose body arrives in three pieces 150 ms apart, so it holds its admission slot for a
 * while. Resolves to the answer's status and body (the body is no longer sent once an answer came).
 */
function slowUpload(key: string): Promise<{ status: number; body: string }> {
  const url = `${store.url}/slow/${key}`;
  const pieces = [Buffer.from('aaaa'), Buffer.from('bbbb'), Buffer.from('cccc')];
  const headers = signRequest({
    method: 'PUT',
    url,
    headers: { 'content-length': '12' },
    payloadHash: 'UNSIGNED-PAYLOAD',
    accessKey: ROOT,
    secretKey: SECRET,
    region: 'us-east-1',
    service: 's3',
  });
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: 'PUT', headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        // An answer that came before the whole body was sent (SlowDown) ends the exchange.
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
      });
      res.on('error', reject);
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    let i = 0;
    const next = (): void => {
      if (answered) return;
      const piece = pieces[i++];
      if (!piece) {
        req.end();
        return;
      }
      req.write(piece);
      setTimeout(next, 150);
    };
    next();
  });
}

describe('api requests_max / requests_deadline', () => {
  it('answers 503 SlowDown beyond the limit, and nothing else fails; a raised limit admits all', async () => {
    expect(await admin.setConfigKV('api requests_max=2 requests_deadline=100ms')).toMatchObject({
      restartRequired: false,
    });
    const limited = await Promise.all(Array.from({ length: 20 }, (_, i) => slowUpload(`limited-${i}`)));
    const ok = limited.filter((r) => r.status === 200);
    const slow = limited.filter((r) => r.status === 503);
    expect(limited.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
    expect(ok.length).toBeGreaterThanOrEqual(2);
    expect(slow.length).toBeGreaterThan(0);
    for (const r of slow) {
      expect(r.body).toMatch(/^<\?xml/);
      expect(r.body).toContain('<Code>SlowDown</Code>');
      expect(r.body).toContain('<Resource>/slow/limited-');
    }
    expect(await admin.setConfigKV('api requests_max=100')).toMatchObject({ restartRequired: false });
    const raised = await Promise.all(Array.from({ length: 20 }, (_, i) => slowUpload(`raised-${i}`)));
    expect(raised.map((r) => r.status)).toEqual(Array(20).fill(200));
    const stat = await s3('us-east-1').statObject('slow', 'raised-19');
    expect(stat.size).toBe(12);
    await admin.setConfigKV('api requests_max=0 requests_deadline=10s');
  });
});

describe('api cors_allow_origin', () => {
  async function get(origin: string): Promise<Response> {
    return fetch(`${store.url}/minio/health/live`, { headers: { origin } });
  }
  function preflight(origin: string): Promise<Response> {
    return fetch(`${store.url}/slow/x`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'x-amz-date',
      },
    });
  }

  it('answers every origin by default, only the listed ones when restricted', async () => {
    let res = await get('https://anywhere.example');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://anywhere.example');
    expect(res.headers.get('vary')).toContain('Origin');

    await admin.setConfigKV('api cors_allow_origin="https://console.example,https://*.apps.example"');
    res = await get('https://console.example');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://console.example');
    expect(res.headers.get('access-control-expose-headers')).toContain('ETag');
    res = await get('https://a.apps.example');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://a.apps.example');
    res = await get('https://evil.example');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();

    res = await preflight('https://console.example');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://console.example');
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(res.headers.get('access-control-allow-headers')).toBe('x-amz-date');
    res = await preflight('https://evil.example');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();

    await admin.delConfigKV('api cors_allow_origin');
    res = await get('https://evil.example');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://evil.example');
  });
});

describe('api stale_uploads_expiry / stale_uploads_cleanup_interval', () => {
  it('aborts multipart uploads older than the expiry on the configured interval', async () => {
    await admin.setConfigKV('api stale_uploads_expiry=1s stale_uploads_cleanup_interval=50ms');
    const initUrl = `${store.url}/slow/abandoned?uploads`;
    const init = await fetch(initUrl, { method: 'POST', headers: signedFor('POST', initUrl, 'us-east-1') });
    expect(init.status).toBe(200);
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await init.text())?.[1];
    expect(uploadId).toBeTruthy();
    const listUrl = `${store.url}/slow?uploads`;
    const listed = async (): Promise<string> =>
      (await fetch(listUrl, { headers: signedFor('GET', listUrl, 'us-east-1') })).text();
    expect(await listed()).toContain(uploadId as string);
    // The sweeper removes it once it is older than 1 s (poll, bounded).
    let body = '';
    for (let i = 0; i < 200; i++) {
      body = await listed();
      if (!body.includes(uploadId as string)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(body).not.toContain(uploadId as string);
    await admin.delConfigKV('api stale_uploads_expiry stale_uploads_cleanup_interval');
  });
});

describe('the sets through the admin API', () => {
  it("help lists notify_postgres's keys; bad values and unsupported sets are refused with the reason", async () => {
    const help = await admin.helpConfigKV('notify_postgres');
    expect(help.multipleTargets).toBe(true);
    expect((help.keysHelp ?? []).map((k) => k.key)).toEqual(
      expect.arrayContaining(['connection_string', 'table', 'format', 'queue_dir', 'queue_limit', 'comment']),
    );
    await expect(admin.setConfigKV('scanner speed=warp')).rejects.toThrow(/speed/);
    await expect(admin.setConfigKV('api requests_deadline=soon')).rejects.toThrow(/not a duration/);
    await expect(admin.setConfigKV('etcd endpoints=http://etcd:2379')).rejects.toThrow(/single node/);
    expect(await admin.setConfigKV('scanner speed=slow')).toMatchObject({ restartRequired: false });
    expect(await admin.setConfigKV('heal bitrotscan=on max_io=10')).toMatchObject({ restartRequired: false });
    expect(await admin.getConfigKV('heal')).toContain('bitrotscan=on');
    expect(
      await admin.setConfigKV('notify_postgres:audit connection_string="host=db" table=events'),
    ).toMatchObject({ restartRequired: true });
  });
});

describe('region enforcement (region set)', () => {
  it('after a restart with region eu-west-1, SigV4 for another region is refused and eu-west-1 works', async () => {
    // No region configured: any signing region is accepted (MinIO's rule).
    await s3('ap-south-1').listBuckets();
    expect(await admin.setConfigKV('region name=eu-west-1')).toMatchObject({ restartRequired: true });
    await store.close();
    await start();

    // ListBuckets and GetBucketLocation are not region-checked (MinIO: clients discover the region).
    expect((await s3('us-east-1').listBuckets()).map((b) => b.name)).toContain('slow');
    const wrong = await s3('us-east-1')
      .putObject('slow', 'wrong-region', Buffer.from('x'))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(wrong).toMatchObject({ code: 'AuthorizationHeaderMalformed' });
    expect((wrong as Error).message).toContain("expecting 'eu-west-1'");

    const right = s3('eu-west-1');
    expect((await right.listBuckets()).map((b) => b.name)).toContain('slow');
    await right.putObject('slow', 'regional', Buffer.from('eu'));
    const locationUrl = `${store.url}/slow?location`;
    const location = await fetch(locationUrl, {
      headers: signedFor('GET', locationUrl, 'eu-west-1'),
    });
    expect(await location.text()).toContain('>eu-west-1</LocationConstraint>');
    const discovery = await fetch(locationUrl, {
      headers: signedFor('GET', locationUrl, 'us-east-1'),
    });
    expect(await discovery.text()).toContain('>eu-west-1</LocationConstraint>');
    const statUrl = `${store.url}/slow/regional`;
    const headWrong = await fetch(statUrl, {
      method: 'HEAD',
      headers: signedFor('HEAD', statUrl, 'us-east-1'),
    });
    expect(headWrong.status).toBe(400);

    // Presigned URLs are checked the same way.
    const badUrl = await s3('us-east-1').presignedGetObject('slow', 'regional', 60);
    const bad = await fetch(badUrl);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('<Code>AuthorizationHeaderMalformed</Code>');
    const goodUrl = await right.presignedGetObject('slow', 'regional', 60);
    expect(await (await fetch(goodUrl)).text()).toBe('eu');

    // The admin API (madmin signs with an empty region) is not region-checked, as in MinIO.
    expect(await admin.getConfigKV('region')).toContain('name=eu-west-1');
  });
});
