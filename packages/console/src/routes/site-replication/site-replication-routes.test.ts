// SPDX-License-Identifier: Apache-2.0
import { createServer } from 'node:net';
import {
  apiErrorSchema,
  siteReplicationInfoSchema,
  siteReplicationResyncResponseSchema,
  siteReplicationStatusSchema,
} from '@stowage/contracts';
import { MadminClient } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';
import { type SiteStore, startSiteStore } from '../../testing/site-store.js';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((done) => srv.listen(0, '127.0.0.1', done));
  const port = (srv.address() as { port: number }).port;
  await new Promise((done) => srv.close(done));
  return port;
}

const STATUS = '/api/v1/admin/site-replication/status';
const INFO = '/api/v1/admin/site-replication';
const RESYNC = '/api/v1/admin/site-replication/resync';

// Issue 34: Settings → Site Replication's calls against three real stores.
describe('site replication through the console', () => {
  let h: ConsoleHarness;
  let east: SiteStore;
  let west: SiteStore;
  let call: ReturnType<typeof jsonCaller>;
  const here = (): { name: string; endpoint: string; accessKey: string; secretKey: string } => ({
    name: 'home',
    endpoint: h.store.url,
    accessKey: h.rootUser,
    secretKey: h.rootPassword,
  });

  beforeAll(async () => {
    [h, east, west] = await Promise.all([
      startConsoleHarness(),
      startSiteStore('east', 4),
      startSiteStore('west', 4),
    ]);
    call = jsonCaller(h.app, await h.login());
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await east?.close();
    await west?.close();
  });

  it('shows no sites before any are added', async () => {
    const res = await call('GET', INFO);
    expect(res.status).toBe(200);
    expect(siteReplicationInfoSchema.parse(res.body)).toMatchObject({ enabled: false, sites: [] });
  });

  it('refuses a form that is not valid, naming the site and the field', async () => {
    const alone = await call('POST', INFO, [here()]);
    expect(alone.status).toBe(400);
    expect(apiErrorSchema.parse(alone.body).detailedError).toContain('Add at least one peer site');

    const bad = await call('POST', INFO, [here(), { ...east.peer, endpoint: 'ftp://x', secretKey: 'short' }]);
    expect(bad.status).toBe(400);
    const detail = apiErrorSchema.parse(bad.body).detailedError;
    expect(detail).toContain('Site 2: The endpoint must start with http:// or https://');
    expect(detail).toContain('Site 2: Secret key must be at least 8 characters long');

    const twice = await call('POST', INFO, [here(), east.peer, { ...west.peer, name: 'east' }]);
    expect(apiErrorSchema.parse(twice.body).detailedError).toContain('Site 3: Site 2 already has this name');
  });

  it('names the peer that cannot be reached, and nothing is configured', async () => {
    const port = await closedPort();
    const res = await call('POST', INFO, [
      here(),
      { ...east.peer, name: 'gone', endpoint: `http://127.0.0.1:${port}` },
    ]);
    expect(res.status).toBeGreaterThanOrEqual(400);
    const err = apiErrorSchema.parse(res.body);
    expect(err.detailedError).not.toBe('');
    expect(`${err.errorMessage} ${err.detailedError}`).toMatch(new RegExp(`gone|127\\.0\\.0\\.1:${port}`));
    expect(siteReplicationInfoSchema.parse((await call('GET', INFO)).body).enabled).toBe(false);
  });

  it('adds two peers; every site lists the three with their deployment ids', async () => {
    const res = await call('POST', INFO, [here(), east.peer, west.peer]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true });

    const info = siteReplicationInfoSchema.parse((await call('GET', INFO)).body);
    expect(info.enabled).toBe(true);
    expect(info.sites.map((s) => s.name).sort()).toEqual(['east', 'home', 'west']);
    expect(info.sites.find((s) => s.name === 'east')?.endpoint).toBe(east.store.url);
    for (const s of info.sites) expect(s.deploymentID).not.toBe('');
    const atWest = await west.admin.siteReplicationInfo();
    expect(atWest.enabled).toBe(true);
    expect((atWest.sites ?? []).map((s) => s.deploymentID).sort()).toEqual(
      info.sites.map((s) => s.deploymentID).sort(),
    );
  });

  it('finds a bucket made at one site at every site in the entity lookup', async () => {
    await h.s3.makeBucket('sr-console-photos');
    const info = siteReplicationInfoSchema.parse((await call('GET', INFO)).body);
    await vi.waitFor(
      async () => {
        const res = await call('GET', `${STATUS}?entityType=bucket&entityValue=sr-console-photos`);
        expect(res.status).toBe(200);
        const st = siteReplicationStatusSchema.parse(res.body);
        const perSite = st.bucketStats['sr-console-photos'] ?? {};
        for (const site of info.sites) expect(perSite[site.deploymentID]?.HasBucket, site.name).toBe(true);
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(await east.admin.siteReplicationInfo()).toMatchObject({ enabled: true });
    expect(
      (
        await new MadminClient({
          endpoint: west.store.url,
          accessKey: west.root,
          secretKey: west.secret,
        }).accountInfo()
      ).Buckets?.map((b) => b.name),
    ).toContain('sr-console-photos');
  });

  it('summarises every site', async () => {
    const res = await call('GET', STATUS);
    expect(res.status).toBe(200);
    const st = siteReplicationStatusSchema.parse(res.body);
    expect(st.enabled).toBe(true);
    expect(
      Object.values(st.sites)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['east', 'home', 'west']);
    expect(Object.keys(st.statsSummary).sort()).toEqual(Object.keys(st.sites).sort());
    expect(st.maxBuckets).toBeGreaterThanOrEqual(1);
  });

  it('refuses an edit with a bad endpoint, and one of a site that is not in the set', async () => {
    const bad = await call('PUT', INFO, { deploymentID: 'x', name: 'east', endpoint: 'east:9000' });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).detailedError).toContain('Enter the endpoint as a URL');
    const unknown = await call('PUT', INFO, {
      deploymentID: '00000000-0000-0000-0000-000000000000',
      name: 'nowhere',
      endpoint: 'http://127.0.0.1:1',
    });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(apiErrorSchema.parse(unknown.body).detailedError).not.toBe('');
  });

  it('a user without site-replication rights gets 403', async () => {
    await h.admin.addUser('sr-reader', 'sr-reader-secret');
    await h.admin.setPolicy('readonly', 'sr-reader', false);
    const user = jsonCaller(h.app, await h.login('sr-reader', 'sr-reader-secret'));
    expect((await user('GET', INFO)).status).toBe(403);
    expect((await user('DELETE', INFO, { sites: ['west'] })).status).toBe(403);
  });

  it('resync sends an object the peer lost back to it; cancel and an unknown site are refused', async () => {
    await h.s3.putObject('sr-console-photos', 'lost.txt', Buffer.from('kept at home'));
    const versionId = await vi.waitFor(
      async () => {
        const st = await east.s3.statObject('sr-console-photos', 'lost.txt');
        return st.versionId ?? '';
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(versionId).not.toBe('');
    // East loses the version the way a replicated delete removes it: home is not told, so only a resync
    // brings it back.
    await east.s3.makeRequestAsync(
      {
        method: 'DELETE',
        bucketName: 'sr-console-photos',
        objectName: 'lost.txt',
        query: `versionId=${versionId}`,
        headers: { 'x-minio-source-replication-request': 'true' },
      },
      '',
      [204],
    );
    await expect(east.s3.statObject('sr-console-photos', 'lost.txt')).rejects.toThrow();

    const info = siteReplicationInfoSchema.parse((await call('GET', INFO)).body);
    const eastId = info.sites.find((s) => s.name === 'east')?.deploymentID ?? '';
    const res = await call('POST', RESYNC, { deploymentID: eastId, operation: 'start' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const started = siteReplicationResyncResponseSchema.parse(res.body);
    expect(started).toMatchObject({ op: 'start', status: 'Success' });
    expect(started.buckets).toContainEqual({ bucket: 'sr-console-photos', status: 'Success' });
    await vi.waitFor(
      async () => {
        const st = await east.s3.statObject('sr-console-photos', 'lost.txt', { versionId });
        expect(st.versionId).toBe(versionId);
      },
      { timeout: 30_000, interval: 250 },
    );

    const cancel = await call('POST', RESYNC, { deploymentID: eastId, operation: 'cancel' });
    expect(cancel.status).toBe(400);
    expect(apiErrorSchema.parse(cancel.body).detailedError).toContain('no resync in progress');
    const unknown = await call('POST', RESYNC, {
      deploymentID: '00000000-0000-0000-0000-000000000000',
      operation: 'start',
    });
    expect(unknown.status).toBe(404);
    expect(apiErrorSchema.parse(unknown.body).detailedError).toContain(
      '00000000-0000-0000-0000-000000000000',
    );
    const bad = await call('POST', RESYNC, { deploymentID: eastId, operation: 'pause' });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).detailedError).toContain('The operation is start or cancel');
  });

  it('removes one site; the other two stay in the set', async () => {
    const removeNothing = await call('DELETE', INFO, { sites: [] });
    expect(removeNothing.status).toBe(400);
    const res = await call('DELETE', INFO, { sites: ['west'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const info = siteReplicationInfoSchema.parse((await call('GET', INFO)).body);
    expect(info.sites.map((s) => s.name).sort()).toEqual(['east', 'home']);
    expect((await west.admin.siteReplicationInfo()).enabled).toBe(false);
  });
});
