// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listVersions,
  type Site,
  s3,
  startSite,
  stopSites,
  waitFor,
} from '../replication/testing/two-stores.js';
import { peerSite, readAll, s3Client, srCall, srFailure } from './testing/sites.js';

// Site replication between three embedded stores on free ports, driven over the wire as MinIO's
// clients drive it: the admin calls (encrypted bodies where madmin encrypts them), S3 through the minio
// SDK. Every site is written to in turn and the others must show the same buckets, settings, IAM and
// objects (same bytes, same version ids); a site that is stopped catches up when it returns.

let a: Site;
let b: Site;
let c: Site;
const WAIT = 90_000;
/** Above WAIT: a wait that runs out names what it waited for, instead of the test timing out first. */
const LONG = { timeout: 3 * WAIT };

const sha = (buf: Buffer): string => createHash('sha256').update(buf).digest('hex');

async function objectAt(site: Site, bucket: string, key: string): Promise<Buffer | null> {
  try {
    return await readAll(await s3Client(site).getObject(bucket, key));
  } catch {
    return null;
  }
}

async function sameObjectEverywhere(bucket: string, key: string, body: Buffer, sites: Site[]): Promise<void> {
  await waitFor(
    async () => {
      for (const s of sites) {
        const got = await objectAt(s, bucket, key);
        if (!got || sha(got) !== sha(body)) return false;
      }
      return true;
    },
    WAIT,
    `${bucket}/${key} at every site`,
  );
}

async function bucketExists(site: Site, bucket: string): Promise<boolean> {
  return (await s3(site, 'HEAD', `/${bucket}`)).status === 200;
}

/** A bucket made at a and, once c has it, deleted at c: waits until a and b no longer have it. */
async function madeAtADeletedAtC(bucket: string): Promise<void> {
  await s3Client(a).makeBucket(bucket);
  await waitFor(async () => bucketExists(c, bucket), WAIT, `${bucket} at c`);
  await s3Client(c).removeBucket(bucket);
  await waitFor(
    async () => !(await bucketExists(a, bucket)) && !(await bucketExists(b, bucket)),
    WAIT,
    `${bucket} gone`,
  );
}

async function userStatus(site: Site, user: string): Promise<string | null> {
  try {
    return (await site.admin.getUserInfo(user)).status;
  } catch {
    return null;
  }
}

beforeAll(async () => {
  [a, b, c] = await Promise.all([startSite(), startSite(), startSite()]);
  // Site a holds data before the sites join: it is copied to the others.
  await s3Client(a).makeBucket('seed');
  await s3Client(a).putObject('seed', 'hello.txt', Buffer.from('hello from a'));
  await a.admin.addCannedPolicy('seed-policy', {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::seed/*'] }],
  });
  await a.admin.addUser('seed-user', 'seed-user-secret');
  await a.admin.setPolicy('seed-policy', 'seed-user', false);
}, 60_000);

afterAll(async () => {
  await stopSites(a, b, c);
});

describe('joining', () => {
  it('refuses when another site holds buckets too, with MinIO reason', async () => {
    await s3Client(b).makeBucket('b-data');
    const err = await srFailure(
      srCall(a.admin, 'PUT', '/site-replication/add', {
        body: [peerSite(a, 'site-a'), peerSite(b, 'site-b'), peerSite(c, 'site-c')],
        encrypt: true,
      }),
    );
    expect(err.code).toBe('XMinioSiteReplicationInvalidRequest');
    expect(err.message).toBe('only one cluster may have data when configuring site replication');
    // Asked at the empty site, MinIO points at the one with the data.
    await s3Client(b).removeBucket('b-data');
    await s3Client(c).makeBucket('c-data');
    const there = await srFailure(
      srCall(b.admin, 'PUT', '/site-replication/add', {
        body: [peerSite(a, 'site-a'), peerSite(b, 'site-b'), peerSite(c, 'site-c')].slice(1),
        encrypt: true,
      }),
    );
    expect(there.message).toBe('please send your request to the cluster containing data/buckets: site-c');
    await s3Client(c).removeBucket('c-data');
  });

  it('names an unreachable site and why', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await srFailure(
      srCall(a.admin, 'PUT', '/site-replication/add', {
        body: [peerSite(a, 'site-a'), { ...peerSite(b, 'site-gone'), endpoints: `http://127.0.0.1:${port}` }],
        encrypt: true,
      }),
    );
    expect(err.code).toBe('XMinioSiteReplicationPeerResp');
    expect(err.message).toContain('site-gone');
    expect(err.message).toContain(`http://127.0.0.1:${port}`);
    expect(err.message).toContain('ECONNREFUSED');
  });

  it('joins three sites; the data of the one site reaches the others', async () => {
    const res = await srCall(a.admin, 'PUT', '/site-replication/add', {
      body: [peerSite(a, 'site-a'), peerSite(b, 'site-b'), peerSite(c, 'site-c')],
      encrypt: true,
    });
    expect(res).toMatchObject({
      success: true,
      status: 'Requested sites were configured for replication successfully.',
    });
    for (const [site, name] of [
      [a, 'site-a'],
      [b, 'site-b'],
      [c, 'site-c'],
    ] as const) {
      const info = await srCall(site.admin, 'GET', '/site-replication/info');
      expect(info.enabled).toBe(true);
      expect(info.name).toBe(name);
      expect((info.sites as Array<{ name: string }>).map((s) => s.name)).toEqual([
        'site-a',
        'site-b',
        'site-c',
      ]);
      expect(info.serviceAccountAccessKey).toBe('site-replicator-0');
    }
    await sameObjectEverywhere('seed', 'hello.txt', Buffer.from('hello from a'), [b, c]);
    await waitFor(async () => (await userStatus(c, 'seed-user')) === 'enabled', WAIT, 'seed-user at c');
    expect((await b.admin.infoCannedPolicy('seed-policy')).Policy).toMatchObject({ Version: '2012-10-17' });
    await waitFor(
      async () => (await c.admin.getUserInfo('seed-user')).policyName === 'seed-policy',
      WAIT,
      'mapping',
    );
    // The same version id everywhere.
    const [va, vc] = await Promise.all([listVersions(a, 'seed'), listVersions(c, 'seed')]);
    expect(vc.map((v) => v.versionId)).toEqual(va.map((v) => v.versionId));
  });

  it('refuses a second add of the same sites', async () => {
    const err = await srFailure(
      srCall(b.admin, 'PUT', '/site-replication/add', {
        body: [peerSite(a, 'site-a'), peerSite(b, 'site-b'), peerSite(c, 'site-c')],
        encrypt: true,
      }),
    );
    expect(err.message).toBe('this site is already configured for site-replication');
  });
});

describe('replication both ways', LONG, () => {
  it('buckets, settings, IAM and objects written at each site in turn reach the others', async () => {
    const all = [a, b, c];
    const small = randomBytes(3000);
    const multipart = randomBytes(11 * 1024 * 1024 + 123);
    const encrypted = randomBytes(70_000);
    for (const [i, site] of all.entries()) {
      const bucket = `from-${i}`;
      const cl = s3Client(site);
      await cl.makeBucket(bucket);
      await cl.setBucketTagging(bucket, { team: `t${i}` });
      await cl.setBucketPolicy(
        bucket,
        JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: { AWS: ['*'] },
              Action: ['s3:GetObject'],
              Resource: [`arn:aws:s3:::${bucket}/*`],
            },
          ],
        }),
      );
      await cl.putObject(bucket, 'small.bin', small);
      await cl.putObject(bucket, 'multi.bin', multipart, multipart.length);
      await cl.putObject(bucket, 'sse.bin', encrypted, encrypted.length, {
        'x-amz-server-side-encryption': 'AES256',
      });
      await site.admin.addUser(`user-${i}`, `user-${i}-secret`);
      await site.admin.updateGroupMembers({
        group: `group-${i}`,
        members: [`user-${i}`],
        isRemove: false,
        groupStatus: 'enabled',
      });
      await site.admin.addCannedPolicy(`policy-${i}`, {
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: ['s3:ListBucket'], Resource: [`arn:aws:s3:::${bucket}`] }],
      });
      await site.admin.setPolicy(`policy-${i}`, `group-${i}`, true);
    }
    for (const [i] of all.entries()) {
      const bucket = `from-${i}`;
      await sameObjectEverywhere(bucket, 'small.bin', small, all);
      await sameObjectEverywhere(bucket, 'multi.bin', multipart, all);
      await sameObjectEverywhere(bucket, 'sse.bin', encrypted, all);
      for (const s of all) {
        await waitFor(
          async () =>
            (await s.admin.getGroupDescription(`group-${i}`).catch(() => null))?.policy === `policy-${i}`,
          WAIT,
          `group-${i} with its policy`,
        );
        expect((await s.admin.getGroupDescription(`group-${i}`)).members).toEqual([`user-${i}`]);
        expect(await s3Client(s).getBucketTagging(bucket)).toEqual([{ Key: 'team', Value: `t${i}` }]);
        expect(JSON.parse(await s3Client(s).getBucketPolicy(bucket))).toMatchObject({
          Version: '2012-10-17',
        });
        const versions = await listVersions(s, bucket);
        expect(versions).toHaveLength(3);
      }
      const [va, vb, vc] = await Promise.all(all.map((s) => listVersions(s, bucket)));
      expect(vb?.map((v) => v.versionId)).toEqual(va?.map((v) => v.versionId));
      expect(vc?.map((v) => v.versionId)).toEqual(va?.map((v) => v.versionId));
    }
  });

  it('deletes: a delete marker, a user and a bucket deleted at one site go everywhere', async () => {
    await s3Client(b).removeObject('from-0', 'small.bin');
    // The marker made at b reaches a and c on their own queues: wait for both before comparing.
    await waitFor(
      async () =>
        (await objectAt(a, 'from-0', 'small.bin')) === null &&
        (await objectAt(c, 'from-0', 'small.bin')) === null,
      WAIT,
      'delete marker at a and c',
    );
    const markers = (await listVersions(a, 'from-0')).filter((v) => v.deleteMarker);
    const markersC = (await listVersions(c, 'from-0')).filter((v) => v.deleteMarker);
    expect(markersC.map((v) => v.versionId)).toEqual(markers.map((v) => v.versionId));
    expect(markers).toHaveLength(1);

    await c.admin.removeUser('seed-user');
    await waitFor(async () => (await userStatus(a, 'seed-user')) === null, WAIT, 'seed-user removed at a');
    await madeAtADeletedAtC('short-lived');
  });

  it('a creation that reaches a site after the bucket was deleted elsewhere does not bring it back', async () => {
    // What a slow queue does: a reads the bucket and sends its creation to b, while c deletes the bucket
    // and c's deletion reaches b first. The creation then arrives (the peer call a's queue sends).
    const createdAt = new Date().toISOString();
    await madeAtADeletedAtC('late-one');
    const opAtB = (bucket: string, operation: string, times: Record<string, string>) =>
      srCall(b.admin, 'PUT', '/site-replication/peer/bucket-ops', { query: { bucket, operation, ...times } });
    await opAtB('late-one', 'make-with-versioning', { createdAt });
    expect(await bucketExists(b, 'late-one')).toBe(false);
    // Made again later, at another site: that creation is newer than the deletion and is made.
    await opAtB('late-one', 'make-with-versioning', { createdAt: new Date(Date.now() + 1000).toISOString() });
    expect(await bucketExists(b, 'late-one')).toBe(true);
    await s3Client(b).removeBucket('late-one');

    // A site told of a deletion late keeps the deleting site's time: a bucket made again after the
    // deletion (but before the news arrived) is still made there.
    const deletedAt = new Date(Date.now() - 60_000);
    await opAtB('late-two', 'force-delete-bucket', { deletedAt: deletedAt.toISOString() });
    await opAtB('late-two', 'make-with-versioning', {
      createdAt: new Date(deletedAt.getTime() + 1000).toISOString(),
    });
    expect(await bucketExists(b, 'late-two')).toBe(true);
    await s3Client(b).removeBucket('late-two');
  });

  it('status: every site in sync, and the entity lookup shows a bucket at each site', async () => {
    await waitFor(
      async () => {
        const st = await srCall(a.admin, 'GET', '/site-replication/status', {
          query: { buckets: 'true', policies: 'true', users: 'true', groups: 'true' },
        });
        const mismatched = (stats: unknown): boolean =>
          Object.values(stats as Record<string, Record<string, Record<string, boolean>>>).some((perSite) =>
            Object.values(perSite).some((row) =>
              Object.entries(row).some(
                ([k, v]) =>
                  (k.endsWith('Mismatch') && v) ||
                  (k.startsWith('Has') &&
                    k !== 'HasTagsSet' &&
                    k !== 'HasPolicySet' &&
                    k !== 'HasOLockConfigSet' &&
                    k !== 'HasSSECfgSet' &&
                    k !== 'HasQuotaCfgSet' &&
                    k !== 'HasPolicyMapping' &&
                    !v),
              ),
            ),
          );
        return !['BucketStats', 'UserStats', 'GroupStats', 'PolicyStats'].some((k) => mismatched(st[k]));
      },
      WAIT,
      'all in sync',
    );
    const st = await srCall(b.admin, 'GET', '/site-replication/status', {
      query: {
        buckets: 'false',
        policies: 'false',
        users: 'false',
        groups: 'false',
        entity: 'bucket',
        entityvalue: 'from-1',
      },
    });
    const rows = (
      st.BucketStats as Record<string, Record<string, { HasBucket: boolean; TagMismatch: boolean }>>
    )['from-1'];
    expect(Object.keys(rows ?? {})).toHaveLength(3);
    for (const row of Object.values(rows ?? {}))
      expect(row).toMatchObject({ HasBucket: true, TagMismatch: false });
    const summary = Object.values(
      st.StatsSummary as Record<string, { TotalBucketsCount: number; ReplicatedBuckets: number }>,
    );
    expect(summary).toHaveLength(3);
    for (const s of summary) expect(s.ReplicatedBuckets).toBe(s.TotalBucketsCount);
  });
});

describe('a site that was offline', LONG, () => {
  it('catches up with nothing lost and no duplicate; status names the unreachable peer meanwhile', async () => {
    const port = Number(new URL(c.store.url).port);
    await c.store.close();
    const bodies = Array.from({ length: 20 }, (_, i) => randomBytes(500 + i * 97));
    const big = randomBytes(6 * 1024 * 1024 + 7);
    await s3Client(a).makeBucket('while-away');
    await Promise.all(bodies.map((body, i) => s3Client(a).putObject('while-away', `k${i}`, body)));
    await s3Client(b).putObject('while-away', 'big.bin', big, big.length);
    await s3Client(a).setBucketTagging('from-2', { team: 'changed' });
    await b.admin.addUser('away-user', 'away-user-secret');
    const err = await srFailure(srCall(a.admin, 'GET', '/site-replication/status'));
    expect(err.code).toBe('XMinioSiteReplicationPeerResp');
    expect(err.message).toContain('site-c');
    expect(err.message).toContain('ECONNREFUSED');

    c = await startSite(c.dataDir, port);
    await sameObjectEverywhere('while-away', 'big.bin', big, [a, c]);
    for (const [i, body] of bodies.entries()) await sameObjectEverywhere('while-away', `k${i}`, body, [c]);
    await waitFor(async () => (await userStatus(c, 'away-user')) === 'enabled', WAIT, 'away-user at c');
    await waitFor(
      async () =>
        JSON.stringify(await s3Client(c).getBucketTagging('from-2')) === '[{"Key":"team","Value":"changed"}]',
      WAIT,
      'the tag change at c',
    );
    const [va, vc] = await Promise.all([listVersions(a, 'while-away'), listVersions(c, 'while-away')]);
    expect(vc).toHaveLength(21);
    expect(vc.map((v) => `${v.key} ${v.versionId} ${v.etag}`)).toEqual(
      va.map((v) => `${v.key} ${v.versionId} ${v.etag}`),
    );
  });
});

describe('editing, resync and removal', LONG, () => {
  it('edits a site endpoint on every site (a site moved to another port)', async () => {
    const info = await srCall(a.admin, 'GET', '/site-replication/info');
    const siteB = (info.sites as Array<{ name: string; deploymentID: string; endpoint: string }>).find(
      (s) => s.name === 'site-b',
    );
    await b.store.close();
    b = await startSite(b.dataDir);
    const next = b.store.url;
    const res = await srCall(a.admin, 'PUT', '/site-replication/edit', {
      body: { deploymentID: siteB?.deploymentID, endpoint: next, name: 'site-b' },
      encrypt: true,
    });
    expect(res.success).toBe(true);
    for (const s of [a, b, c]) {
      const i = await srCall(s.admin, 'GET', '/site-replication/info');
      expect(
        (i.sites as Array<{ name: string; endpoint: string }>).find((x) => x.name === 'site-b')?.endpoint,
      ).toBe(next);
    }
    const body = randomBytes(999);
    await s3Client(a).putObject('seed', 'after-edit', body);
    await sameObjectEverywhere('seed', 'after-edit', body, [b, c]);
  });

  it('resyncs every bucket to a peer on request', async () => {
    const info = await srCall(a.admin, 'GET', '/site-replication/info');
    const siteC = (info.sites as Array<{ name: string; deploymentID: string; endpoint: string }>).find(
      (s) => s.name === 'site-c',
    );
    const res = await srCall(a.admin, 'PUT', '/site-replication/resync/op', {
      body: siteC,
      query: { operation: 'start' },
    });
    expect(res).toMatchObject({ op: 'start', status: 'Success' });
    const buckets = (res.buckets as Array<{ bucket: string; status: string }>).map((x) => x.bucket);
    expect(buckets).toContain('while-away');
    expect((res.buckets as Array<{ status: string }>).every((x) => x.status === 'Success')).toBe(true);
    // Nothing is duplicated by a resync: the versions are the same ones.
    await waitFor(
      async () => (await listVersions(c, 'while-away')).length === 21,
      WAIT,
      'versions after resync',
    );
  });

  it('removes a site: the others keep replicating, the removed one stops', async () => {
    const res = await srCall(a.admin, 'PUT', '/site-replication/remove', {
      body: { sites: ['site-c'], all: false },
    });
    expect(res.status).toBe('Requested site(s) were removed from cluster replication successfully.');
    for (const s of [a, b]) {
      const i = await srCall(s.admin, 'GET', '/site-replication/info');
      expect((i.sites as Array<{ name: string }>).map((x) => x.name)).toEqual(['site-a', 'site-b']);
    }
    expect((await srCall(c.admin, 'GET', '/site-replication/info')).enabled).toBe(false);
    const body = randomBytes(4321);
    await s3Client(b).makeBucket('after-remove');
    await s3Client(b).putObject('after-remove', 'x', body);
    await sameObjectEverywhere('after-remove', 'x', body, [a]);
    await a.admin.addUser('after-remove-user', 'after-remove-secret');
    await waitFor(async () => (await userStatus(b, 'after-remove-user')) === 'enabled', WAIT, 'user at b');
    expect(await bucketExists(c, 'after-remove')).toBe(false);
    expect(await userStatus(c, 'after-remove-user')).toBeNull();
    const st = await srCall(a.admin, 'GET', '/site-replication/status');
    expect(Object.keys(st.Sites as object)).toHaveLength(2);
  });
});
