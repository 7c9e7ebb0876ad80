// SPDX-License-Identifier: Apache-2.0
import { readFile, stat } from 'node:fs/promises';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CreateTenantRequest, TenantDetail, TenantPod } from '@stowage/contracts';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from '../../operator/local/supervisor.js';
import { jsonCaller } from '../../testing/console-harness.js';
import { type OperatorRig, startOperatorRig } from '../../testing/operator-rig.js';

const MI = 1024 * 1024;

/** Polls `check` until it returns a value (bounded), for processes that restart in the background. */
async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

function tenantBody(
  name: string,
  namespace: string,
  extra: Partial<CreateTenantRequest> = {},
): CreateTenantRequest {
  return {
    name,
    namespace,
    pools: [
      {
        servers: 4,
        volumes_per_server: 1,
        volume_configuration: { size: 64 * MI, storage_class_name: 'standard' },
      },
    ],
    erasureCodingParity: 2,
    enable_tls: false,
    ...extra,
  };
}

function s3For(
  endpoint: string,
  accessKey: string,
  secretKey: string,
  ca?: string,
  region = 'us-east-1',
): Minio.Client {
  const u = new URL(endpoint);
  return new Minio.Client({
    endPoint: u.hostname,
    port: Number(u.port),
    useSSL: u.protocol === 'https:',
    accessKey,
    secretKey,
    region,
    ...(ca ? { transportAgent: new https.Agent({ ca }) } : {}),
  });
}

describe('operator mode: tenants as local store servers', () => {
  let rig: OperatorRig;
  let call: ReturnType<typeof jsonCaller>;
  let keysA: { access_key: string; secret_key: string };
  let keysB: { access_key: string; secret_key: string };
  let ca: string;

  beforeAll(async () => {
    rig = await startOperatorRig();
    call = jsonCaller(rig.app, await rig.login());
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('creates namespaces with DNS-label names, once each', async () => {
    expect((await call('POST', '/api/v1/namespace', { name: 'team-a' })).status).toBe(204);
    expect((await call('POST', '/api/v1/namespace', { name: 'team-b' })).status).toBe(204);
    const dup = await call('POST', '/api/v1/namespace', { name: 'team-a' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorMessage: 'Namespace team-a already exists' });
    expect((await call('POST', '/api/v1/namespace', { name: 'Bad_Name' })).status).toBe(400);
    const quota = await call('GET', '/api/v1/namespaces/team-a/resourcequotas/team-a-storagequota');
    expect(quota.status).toBe(200);
    expect(quota.body).toMatchObject({
      name: 'team-a-storagequota',
      elements: [{ name: 'standard.storageclass.storage.k8s.io/requests.storage', used: 0 }],
    });
  });

  it('creates an autocert tenant whose credentials work over HTTPS with the operator CA', async () => {
    const res = await call('POST', '/api/v1/tenants', tenantBody('tenant-a', 'team-a', { enable_tls: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = res.body as { console: { access_key: string; secret_key: string }[] };
    keysA = created.console[0] as typeof keysA;
    const again = await call('POST', '/api/v1/tenants', tenantBody('tenant-x', 'team-a'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorMessage: 'You can only create one tenant per namespace' });
    const noNs = await call('POST', '/api/v1/tenants', tenantBody('tenant-y', 'nowhere'));
    expect(noNs.body).toMatchObject({ errorMessage: 'Please enter a valid namespace' });

    const detail = (await call('GET', '/api/v1/namespaces/team-a/tenants/tenant-a')).body as TenantDetail;
    expect(detail.currentState).toBe('Running');
    expect(detail.endpoints.minio).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(detail.endpoints.console).toBe('/api/proxy/team-a/tenant-a/');
    expect(detail.minioTLS).toBe(true);
    expect(detail.status).toMatchObject({ drives_online: 4, drives_offline: 0, health_status: 'green' });
    expect(detail.pool_count).toBe(1);

    const caRes = await rig.app.inject({
      method: 'GET',
      url: '/api/v1/operator/ca.crt',
      cookies: { token: await rig.login() },
    });
    ca = caRes.body;
    expect(ca).toContain('BEGIN CERTIFICATE');
    const s3 = s3For(detail.endpoints.minio, keysA.access_key, keysA.secret_key, ca);
    await s3.makeBucket('photos-a');
    await s3.putObject('photos-a', 'hello.txt', Buffer.from('hello from a'));
    const list = (await call('GET', '/api/v1/tenants')).body as {
      tenants: { name: string; currentState: string }[];
    };
    expect(list.tenants).toMatchObject([{ name: 'tenant-a', currentState: 'Running' }]);
  });

  it('lists pods, volumes and logs; a deleted pod comes back with restarts + 1 and its events', async () => {
    const base = '/api/v1/namespaces/team-a/tenants/tenant-a';
    const pods = (await call('GET', `${base}/pods`)).body as TenantPod[];
    expect(pods).toHaveLength(1);
    const pod = pods[0] as TenantPod;
    expect(pod).toMatchObject({ status: 'Running', restarts: 0, podIP: '127.0.0.1' });
    const pvcs = (await call('GET', `${base}/pvcs`)).body as { pvcs: { status: string; capacity: string }[] };
    expect(pvcs.pvcs).toHaveLength(4);
    expect(pvcs.pvcs[0]).toMatchObject({ status: 'Bound', capacity: '64Mi', storageClass: 'standard' });
    const log = await call('GET', `${base}/pods/${pod.name}`);
    expect(String(log.body)).toMatch(/API: https:\/\/127\.0\.0\.1/);

    expect((await call('DELETE', `${base}/pods/${pod.name}`)).status).toBe(204);
    const back = await waitFor('the pod to come back', async () => {
      const now = ((await call('GET', `${base}/pods`)).body as TenantPod[])[0];
      return now && now.restarts === 1 && now.status === 'Running' ? now : undefined;
    });
    expect(back.restarts).toBe(1);
    const events = (await call('GET', `${base}/pods/${pod.name}/events`)).body as { reason: string }[];
    const reasons = events.map((e) => e.reason);
    expect(reasons).toContain('Killing');
    expect(reasons.filter((r) => r === 'Started').length).toBeGreaterThanOrEqual(2);
    // Objects written before are still there.
    const detail = (await call('GET', base)).body as TenantDetail;
    const s3 = s3For(detail.endpoints.minio, keysA.access_key, keysA.secret_key, ca);
    const stream = await s3.getObject('photos-a', 'hello.txt');
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello from a');
  });

  it('applies an edited YAML and refuses an invalid one without changing anything', async () => {
    const base = '/api/v1/namespaces/team-a/tenants/tenant-a';
    const { yaml } = (await call('GET', `${base}/yaml`)).body as { yaml: string };
    expect(yaml).toContain('apiVersion: minio.min.io/v2');
    expect(yaml).toContain('kind: Tenant');
    const bad = await call('PUT', `${base}/yaml`, { yaml: 'apiVersion: [unclosed' });
    expect(bad.status).toBe(400);
    expect((bad.body as { detailedError: string }).detailedError).not.toBe('');
    const renamed = await call('PUT', `${base}/yaml`, {
      yaml: yaml.replace('name: tenant-a', 'name: tenant-z'),
    });
    expect(renamed.status).toBe(400);
    expect((await call('GET', `${base}/yaml`)).body).toEqual({ yaml });

    const before = ((await call('GET', `${base}/pods`)).body as TenantPod[])[0] as TenantPod;
    const edited = yaml.replace(
      '  env:\n',
      '  env:\n    - name: MINIO_REGION_NAME\n      value: eu-test-1\n',
    );
    expect(edited).not.toBe(yaml);
    expect((await call('PUT', `${base}/yaml`, { yaml: edited })).status).toBe(204);
    expect(((await call('GET', `${base}/yaml`)).body as { yaml: string }).yaml).toContain('eu-test-1');
    const after = await waitFor('the tenant to restart with the new env', async () => {
      const p = ((await call('GET', `${base}/pods`)).body as TenantPod[])[0];
      return p && p.restarts > before.restarts && p.status === 'Running' ? p : undefined;
    });
    expect(after.restarts).toBe(before.restarts + 1);
    // The server runs with it: its region is now eu-test-1.
    const detail = (await call('GET', base)).body as TenantDetail;
    await expect(
      s3For(detail.endpoints.minio, keysA.access_key, keysA.secret_key, ca).statObject(
        'photos-a',
        'hello.txt',
      ),
    ).rejects.toThrow();
    const inRegion = s3For(detail.endpoints.minio, keysA.access_key, keysA.secret_key, ca, 'eu-test-1');
    expect((await inRegion.statObject('photos-a', 'hello.txt')).size).toBe('hello from a'.length);
  });

  it('keeps two tenants apart: keys, buckets, volumes; a full volume refuses writes in its tenant only', async () => {
    const res = await call(
      'POST',
      '/api/v1/tenants',
      tenantBody('tenant-b', 'team-b', {
        pools: [
          {
            servers: 1,
            volumes_per_server: 4,
            volume_configuration: { size: 4 * MI, storage_class_name: 'standard' },
          },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    keysB = (res.body as { console: (typeof keysB)[] }).console[0] as typeof keysB;
    const b = (await call('GET', '/api/v1/namespaces/team-b/tenants/tenant-b')).body as TenantDetail;
    const a = (await call('GET', '/api/v1/namespaces/team-a/tenants/tenant-a')).body as TenantDetail;
    expect(b.endpoints.minio).toMatch(/^http:\/\//);
    // The sized volumes are the tenant's capacity: 4 × 4 MiB raw.
    expect(b.status.usage?.raw).toBe(16 * MI);
    const s3b = s3For(b.endpoints.minio, keysB.access_key, keysB.secret_key);
    await s3b.makeBucket('bucket-b');
    expect((await s3b.listBuckets()).map((x) => x.name)).toEqual(['bucket-b']);
    // A's keys are unknown to B, B's to A.
    await expect(
      s3For(b.endpoints.minio, keysA.access_key, keysA.secret_key).listBuckets(),
    ).rejects.toMatchObject({
      code: 'InvalidAccessKeyId',
    });
    await expect(
      s3For(a.endpoints.minio, keysB.access_key, keysB.secret_key, ca).listBuckets(),
    ).rejects.toMatchObject({
      code: 'InvalidAccessKeyId',
    });
    // Each tenant's data lives in its own volume folders.
    const s3a = s3For(a.endpoints.minio, keysA.access_key, keysA.secret_key, ca, 'eu-test-1');
    await s3b.putObject('bucket-b', 'only-b.txt', Buffer.from('b'));
    await expect(s3a.getObject('bucket-b', 'only-b.txt')).rejects.toMatchObject({ code: 'NoSuchBucket' });
    await expect(s3b.getObject('photos-a', 'hello.txt')).rejects.toMatchObject({ code: 'NoSuchBucket' });
    // 4 volumes of 4 MiB with parity 2 hold at most 8 MiB of data: 12 MiB does not fit in B, and fits in A.
    await expect(s3b.putObject('bucket-b', 'big.bin', Buffer.alloc(12 * MI, 7))).rejects.toMatchObject({
      code: 'XMinioStorageFull',
    });
    await expect(s3b.getObject('bucket-b', 'big.bin')).rejects.toMatchObject({ code: 'NoSuchKey' });
    await s3a.putObject('photos-a', 'big.bin', Buffer.alloc(12 * MI, 7));
    expect((await s3a.statObject('photos-a', 'big.bin')).size).toBe(12 * MI);
    expect(await s3b.listObjects('bucket-b').toArray()).toHaveLength(1);
    const pvcs = (await call('GET', '/api/v1/list-pvcs')).body as {
      pvcs: { tenant: string; volume: string }[];
    };
    expect(new Set(pvcs.pvcs.map((p) => p.tenant))).toEqual(new Set(['tenant-a', 'tenant-b']));
    for (const p of pvcs.pvcs)
      expect(p.volume).toContain(`/${p.tenant === 'tenant-a' ? 'team-a' : 'team-b'}/${p.tenant}/`);
  });

  it('adopts running tenants when the console restarts', async () => {
    const pid = JSON.parse(
      await readFile(`${rig.driverOptions.root}/namespaces/team-a/tenants/tenant-a/state.json`, 'utf8'),
    ) as { pid: number };
    await rig.driver.close();
    const { LocalTenantDriver } = await import('../../operator/local/local-driver.js');
    const second = new LocalTenantDriver(rig.driverOptions);
    await second.start();
    try {
      const pods = await second.listPods('team-a', 'tenant-a');
      expect(pods[0]).toMatchObject({ status: 'Running' });
      const state = JSON.parse(
        await readFile(`${rig.driverOptions.root}/namespaces/team-a/tenants/tenant-a/state.json`, 'utf8'),
      ) as { pid: number };
      expect(state.pid).toBe(pid.pid);
      const detail = await second.getTenant('team-a', 'tenant-a');
      expect(detail.status.drives_online).toBe(4);
    } finally {
      await second.close();
    }
  });

  it('deletes a tenant: its process stops and its folders are gone', async () => {
    const stateFile = `${rig.driverOptions.root}/namespaces/team-b/tenants/tenant-b/state.json`;
    const { pid } = JSON.parse(await readFile(stateFile, 'utf8')) as { pid: number };
    expect((await call('DELETE', '/api/v1/namespaces/team-b/tenants/tenant-b')).status).toBe(204);
    expect(await processAlive(pid, 'tenant-b')).toBe(false);
    await expect(stat(`${rig.driverOptions.root}/namespaces/team-b/tenants/tenant-b`)).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await expect(stat(`${rig.root}/volumes/team-b/tenant-b`)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await call('GET', '/api/v1/namespaces/team-b/tenants/tenant-b')).status).toBe(404);
  });
});
