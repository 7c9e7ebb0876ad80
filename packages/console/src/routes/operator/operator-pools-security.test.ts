// SPDX-License-Identifier: Apache-2.0
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { TenantDetail, TenantPod, TenantSecurityResponse } from '@stowage/contracts';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller } from '../../testing/console-harness.js';
import { type OperatorRig, startOperatorRig } from '../../testing/operator-rig.js';

const MI = 1024 * 1024;
const base = '/api/v1/namespaces/apps/tenants/tenant-p';

function client(detail: TenantDetail, accessKey: string, secretKey: string, ca?: string): Minio.Client {
  const u = new URL(detail.endpoints.minio);
  return new Minio.Client({
    endPoint: u.hostname,
    port: Number(u.port),
    useSSL: u.protocol === 'https:',
    accessKey,
    secretKey,
    region: 'us-east-1',
    ...(ca ? { transportAgent: new https.Agent({ ca }) } : {}),
  });
}

async function text(s3: Minio.Client, bucket: string, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of await s3.getObject(bucket, key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('operator mode: built-in users, Expand Tenant, custom certificates', () => {
  let rig: OperatorRig;
  let call: ReturnType<typeof jsonCaller>;
  let root: { access_key: string; secret_key: string };

  /** Waits (bounded) until the tenant's pod is Running after `restartsAbove` restarts. */
  async function running(restartsAbove: number): Promise<TenantDetail> {
    const until = Date.now() + 45_000;
    while (Date.now() < until) {
      const pod = ((await call('GET', `${base}/pods`)).body as TenantPod[])[0];
      if (pod && pod.status === 'Running' && pod.restarts > restartsAbove) {
        const detail = (await call('GET', base)).body as TenantDetail;
        if (detail.status.drives_online > 0) return detail;
      }
      await sleep(200);
    }
    throw new Error('the tenant did not come back');
  }

  beforeAll(async () => {
    rig = await startOperatorRig();
    call = jsonCaller(rig.app, await rig.login());
    expect((await call('POST', '/api/v1/namespace', { name: 'apps' })).status).toBe(204);
  });
  afterAll(async () => {
    await rig?.close();
  });

  it("turns the wizard's built-in keys into users of the tenant", async () => {
    const res = await call('POST', '/api/v1/tenants', {
      name: 'tenant-p',
      namespace: 'apps',
      enable_tls: false,
      pools: [{ servers: 2, volumes_per_server: 2, volume_configuration: { size: 32 * MI } }],
      idp: { keys: [{ access_key: 'app-user-01', secret_key: 'app-user-secret-0001' }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const creds = (res.body as { console: { access_key: string; secret_key: string }[] }).console;
    expect(creds).toHaveLength(2);
    root = creds[0] as typeof root;
    expect(creds[1]).toEqual({ access_key: 'app-user-01', secret_key: 'app-user-secret-0001' });
    const detail = (await call('GET', base)).body as TenantDetail;
    const user = client(detail, 'app-user-01', 'app-user-secret-0001');
    await user.makeBucket('docs');
    await user.putObject('docs', 'before.txt', Buffer.from('written before the expansion'));
  });

  it('expands the tenant with a pool: it restarts with both, and objects stay readable', async () => {
    const bad = await call('POST', `${base}/pools`, {
      servers: 2,
      volumes_per_server: 2,
      volume_configuration: { size: 32 * MI, storage_class_name: 'gold' },
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { detailedError: string }).detailedError).toMatch(/gold/);
    const res = await call('POST', `${base}/pools`, {
      servers: 2,
      volumes_per_server: 2,
      volume_configuration: { size: 32 * MI },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const detail = await running(0);
    expect(detail.pool_count).toBe(2);
    expect(detail.pools.map((p) => p.name)).toEqual(['pool-0', 'pool-1']);
    expect(detail.status.drives_online).toBe(8);
    const s3 = client(detail, root.access_key, root.secret_key);
    expect(await text(s3, 'docs', 'before.txt')).toBe('written before the expansion');
    await s3.putObject('docs', 'after.txt', Buffer.from('after'));
    expect(await text(s3, 'docs', 'after.txt')).toBe('after');
    const pvcs = (await call('GET', `${base}/pvcs`)).body as { pvcs: unknown[] };
    expect(pvcs.pvcs).toHaveLength(8);
    const usage = (await call('GET', `${base}/usage`)).body as { disk_used: number };
    expect(typeof usage.disk_used).toBe('number');
  });

  it('serves HTTPS with an uploaded certificate after Save and Restart, and refuses a key of another', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'stowage-cert-'));
    try {
      const run = promisify(execFile);
      const pair = async (name: string) => {
        await run('openssl', [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
          '-nodes',
          '-days',
          '2',
          '-keyout',
          path.join(work, `${name}.key`),
          '-out',
          path.join(work, `${name}.crt`),
          '-subj',
          `/CN=${name}`,
          '-addext',
          'subjectAltName=IP:127.0.0.1,DNS:localhost',
        ]);
        return {
          crt: await readFile(path.join(work, `${name}.crt`), 'utf8'),
          key: await readFile(path.join(work, `${name}.key`), 'utf8'),
        };
      };
      const mine = await pair('mine');
      const other = await pair('other');
      const b64 = (s: string) => Buffer.from(s).toString('base64');
      const mismatch = await call('POST', `${base}/security`, {
        autoCert: false,
        customCertificates: {
          minio: [{ crt: b64(mine.crt), key: b64(other.key) }],
          minioCAs: [],
          secretsToBeDeleted: [],
        },
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toMatchObject({ errorMessage: 'The private key does not match its certificate' });

      const before = ((await call('GET', `${base}/pods`)).body as TenantPod[])[0] as TenantPod;
      const saved = await call('POST', `${base}/security`, {
        autoCert: false,
        customCertificates: {
          minio: [{ crt: b64(mine.crt), key: b64(mine.key) }],
          minioCAs: [],
          secretsToBeDeleted: [],
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(204);
      const detail = await running(before.restarts);
      expect(detail.endpoints.minio).toMatch(/^https:/);
      expect(detail.minioTLS).toBe(true);
      const security = (await call('GET', `${base}/security`)).body as TenantSecurityResponse;
      expect(security.autoCert).toBe(false);
      expect(security.customCertificates.minio).toMatchObject([
        { name: 'tenant-p-certificate-1', domains: ['127.0.0.1', 'localhost'] },
      ]);
      const s3 = client(detail, root.access_key, root.secret_key, mine.crt);
      expect(await text(s3, 'docs', 'before.txt')).toBe('written before the expansion');
      // Not trusted without the certificate.
      await expect(client(detail, root.access_key, root.secret_key).listBuckets()).rejects.toThrow();
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('keeps the image: the local driver runs the console’s own store', async () => {
    const detail = (await call('GET', base)).body as TenantDetail;
    expect((await call('PUT', base, { image: detail.image })).status).toBe(204);
    const refused = await call('PUT', base, { image: 'minio/minio:RELEASE.2024-01-01T00-00-00Z' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorMessage: 'The image cannot be changed' });
  });

  it('serves this console for the tenant under /api/proxy/{ns}/{tenant}/, signed in with its keys', async () => {
    const proxied = await call('GET', '/api/proxy/apps/tenant-p/api/v1/buckets');
    expect(proxied.status, JSON.stringify(proxied.body)).toBe(200);
    expect((proxied.body as { buckets: { name: string }[] }).buckets.map((b) => b.name)).toEqual(['docs']);
    const session = await call('GET', '/api/proxy/apps/tenant-p/api/v1/session');
    expect(session.body).toMatchObject({ operator: false, userName: root.access_key });
    const objects = await call('GET', '/api/proxy/apps/tenant-p/api/v1/buckets/docs/objects');
    expect(objects.status).toBe(200);
    expect(JSON.stringify(objects.body)).toContain('before.txt');
    // Signing out inside the tenant's console does not sign the operator out.
    const logout = await rig.app.inject({
      method: 'POST',
      url: '/api/proxy/apps/tenant-p/api/v1/logout',
      cookies: { token: await rig.login() },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect(logout.headers['set-cookie']).toBeUndefined();
    // Not for anyone but the operator.
    const anonymous = await rig.app.inject({ method: 'GET', url: '/api/proxy/apps/tenant-p/api/v1/buckets' });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('GET', '/api/proxy/apps/nope/api/v1/buckets')).status).toBe(404);
  });
});
