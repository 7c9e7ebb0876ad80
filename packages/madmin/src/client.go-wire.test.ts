// SPDX-License-Identifier: Apache-2.0
/**
 * Wire conformance of MadminClient against madmin-go itself: the Go program drives a script of
 * madmin-go calls against a recording server, then MadminClient runs the same script against the
 * same server, and the two request logs must match call by call — method, path, query, whether the
 * body is encrypted, and the (decrypted) body. The server also checks both signatures. Needs
 * Debian's golang-go and madmin-go / minio-go sources.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MadminClient } from './client.js';
import { decryptData, encryptData, isEncrypted } from './crypto.js';
import { computeSignature, parseAuthorization, sha256Hex, signaturesEqual } from './sigv4.js';
import { buildGoProgram, type GoProgram } from './testing/go-program.js';
import type { BucketTarget } from './types/remote-targets.js';

const AK = 'wire-admin';
const SK = 'wire-admin-secret-key';
const DOC = {
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::photos/*'] }],
};

interface Recorded {
  method: string;
  path: string;
  query: Array<[string, string]>;
  encrypted: boolean;
  body: unknown;
}

let go: GoProgram | undefined;
let server: Server;
let endpoint = '';
let log: Recorded[] = [];
const sockets = new Set<Socket>();

async function sealed(res: ServerResponse, body: unknown, status = 200): Promise<void> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const data = await encryptData(SK, text, { algorithm: 'pbkdf2-aes-gcm' });
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(data);
}

function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Canned answers shaped as MinIO sends them, with the statuses madmin-go insists on. */
async function answer(path: string, query: URLSearchParams, res: ServerResponse): Promise<void> {
  const call = path.replace('/minio/admin/v3', '');
  switch (call) {
    case '/list-users':
      return sealed(res, { alice: { status: 'enabled' } });
    case '/user-info':
      return json(res, { status: 'enabled', updatedAt: '0001-01-01T00:00:00Z' });
    case '/group':
      return json(res, { name: 'devs', status: 'enabled', members: ['alice'], policy: '' });
    case '/groups':
      return json(res, ['devs']);
    case '/list-canned-policies':
      return json(res, { readonly: DOC });
    case '/info-canned-policy':
      return json(res, { PolicyName: 'photos-read', Policy: DOC });
    case '/idp/builtin/policy/attach':
      res.writeHead(201);
      return void res.end();
    case '/idp/builtin/policy/detach':
    case '/update-service-account':
    case '/delete-service-account':
      res.writeHead(204);
      return void res.end();
    case '/idp/builtin/policy-entities':
      return sealed(res, { timestamp: '2024-01-01T00:00:00Z' });
    case '/add-service-account':
      return sealed(res, { credentials: { accessKey: 'SVCACCT1', secretKey: 'svc-secret-1' } });
    case '/list-service-accounts':
      return sealed(res, { accounts: ['SVCACCT1'] });
    case '/info-service-account':
      return sealed(res, { parentUser: 'alice', accountStatus: 'on', impliedPolicy: true, policy: '' });
    case '/accountinfo':
      return json(res, { AccountName: AK, Server: {}, Policy: DOC, Buckets: [] });
    case '/info':
      return json(res, { mode: 'online' });
    case '/storageinfo':
      return json(res, { Disks: [], Backend: { Type: 2 } });
    case '/datausageinfo':
      return json(res, { lastUpdate: '2024-01-01T00:00:00Z', objectsCount: 0, bucketsCount: 0 });
    case '/get-bucket-quota':
      return json(res, { quota: 1024, quotatype: 'hard' });
    case '/get-config-kv':
      return sealed(res, 'region name=us-east-1');
    case '/help-config-kv':
      return json(res, { subSys: 'region', description: 'd', multipleTargets: false, keysHelp: [] });
    case '/heal/photos/a/b':
      return query.get('clientToken')
        ? json(res, { summary: 'finished', detail: '', startTime: '2024-01-01T00:00:00Z', settings: {} })
        : json(res, { clientToken: 'tok', clientAddress: '127.0.0.1', startTime: '2024-01-01T00:00:00Z' });
    case '/background-heal/status':
      return json(res, { offline_nodes: [], sets: [] });
    case '/tier':
      if (query.size === 0 && res.req.method === 'GET') return json(res, []);
      res.writeHead(204);
      return void res.end();
    case '/tier/WARM':
      res.writeHead(204);
      return void res.end();
    case '/tier-stats':
      return json(res, []);
    case '/list-remote-targets':
      return json(res, []);
    case '/set-remote-target':
      return json(res, 'arn:minio:replication::id:photos-copy');
    case '/remove-remote-target':
      res.writeHead(204);
      return void res.end();
    case '/site-replication/add':
      return json(res, {
        success: true,
        status: 'Requested sites were configured for replication successfully.',
      });
    case '/site-replication/info':
      return json(res, { enabled: true, name: 'east', sites: [] });
    case '/site-replication/status':
      return json(res, { Enabled: true, Sites: {}, StatsSummary: {} });
    case '/site-replication/edit':
      return json(res, { success: true, status: 'edited' });
    case '/site-replication/remove':
      return json(res, { status: 'removed' });
    case '/site-replication/resync/op':
      return json(res, { op: 'start', id: 'r1', status: 'started', buckets: [] });
    case '/healthinfo':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"version":"3","timestamp":"2024-01-01T00:00:00Z"} ');
      return void res.end('{"version":"3","timestamp":"2024-01-01T00:00:01Z","sys":{}}');
    case '/trace':
    case '/log': {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(
        call === '/trace'
          ? '{"type":4,"nodename":"n","funcname":"s3.GetObject","time":"2024-01-01T00:00:00Z","path":"/b/k","dur":1} '
          : '{"level":"ERROR","errKind":"MINIO","time":"2024-01-01T00:00:00Z","message":"m"} ',
      );
      const keepAlive = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(keepAlive));
      return;
    }
    default:
      res.writeHead(200);
      res.end();
  }
}

function verify(req: IncomingMessage, url: URL, body: Buffer): void {
  const auth = parseAuthorization(String(req.headers.authorization ?? ''));
  if (!auth || auth.accessKey !== AK || auth.region !== '' || auth.service !== 's3') {
    throw new Error(`unexpected Authorization ${req.headers.authorization}`);
  }
  if (req.headers['x-amz-content-sha256'] !== sha256Hex(body)) throw new Error('payload hash mismatch');
  const expected = computeSignature({
    method: req.method!,
    path: decodeURIComponent(url.pathname),
    query: url.searchParams,
    headers: req.headers,
    signedHeaders: auth.signedHeaders,
    payloadHash: sha256Hex(body),
    amzDate: String(req.headers['x-amz-date']),
    region: '',
    service: 's3',
    secretKey: SK,
  });
  if (!signaturesEqual(expected, auth.signature))
    throw new Error(`bad signature on ${req.method} ${req.url}`);
}

async function decodeBody(body: Buffer): Promise<{ encrypted: boolean; body: unknown }> {
  const encrypted = isEncrypted(body);
  const text = (encrypted ? await decryptData(SK, body) : body).toString('utf8');
  try {
    return { encrypted, body: JSON.parse(text) };
  } catch {
    return { encrypted, body: text };
  }
}

beforeAll(async () => {
  go = await buildGoProgram('madmin-crypto');
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url!, 'http://x');
    try {
      verify(req, url, body);
      log.push({
        method: req.method!,
        path: decodeURIComponent(url.pathname),
        query: [...url.searchParams].sort((a, b) => (a[0] + a[1] < b[0] + b[1] ? -1 : 1)),
        ...(await decodeBody(body)),
      });
      await answer(url.pathname, url.searchParams, res);
    } catch (err) {
      json(res, { Code: 'XMinioTestServer', Message: String(err) }, 400);
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  endpoint = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A cold build of madmin-go on a busy 2-core machine can take minutes.
}, 600_000);

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((done) => server?.close(done));
});

/** The target the script sets, with every key madmin-go's Go struct always emits. */
function remoteTarget(arn: string): BucketTarget {
  return {
    sourcebucket: 'photos',
    endpoint: 'backup.example.com:9000',
    credentials: { accessKey: 'remote-ak', secretKey: 'remote-secret', expiration: '0001-01-01T00:00:00Z' },
    targetbucket: 'photos-copy',
    secure: false,
    api: 's3v4',
    ...(arn ? { arn } : {}),
    type: 'replication',
    omitempty: '',
    replicationSync: false,
    disableProxy: false,
    resetBeforeDate: '0001-01-01T00:00:00Z',
  };
}

async function runTypeScriptScript(c: MadminClient): Promise<void> {
  await c.listUsers();
  await c.addUser('alice', 'alice-secret-1');
  await c.removeUser('a b+c');
  await c.getUserInfo('alice');
  await c.setUserStatus('alice', 'disabled');
  await c.updateGroupMembers({ group: 'devs', members: ['alice'], isRemove: false });
  await c.updateGroupMembers({ group: 'devs', members: [], isRemove: true });
  await c.getGroupDescription('devs');
  await c.listGroups();
  await c.setGroupStatus('devs', 'disabled');
  await c.listCannedPolicies();
  await c.addCannedPolicy('photos-read', DOC);
  await c.removeCannedPolicy('photos-read');
  await c.infoCannedPolicy('photos-read');
  await c.setPolicy(['readonly', 'diagnostics'], 'devs', true);
  await c.attachPolicy({ policies: ['readonly'], user: 'alice' });
  await c.detachPolicy({ policies: ['readonly'], group: 'devs' });
  await c.getPolicyEntities({ users: ['alice', 'bob'], policy: ['readonly'] });
  await c.addServiceAccount({ policy: DOC, targetUser: 'alice', comment: 'ci' });
  await c.updateServiceAccount('SVCACCT1', { newStatus: 'off', newSecretKey: 'new-secret-1' });
  await c.listServiceAccounts('alice');
  await c.infoServiceAccount('SVCACCT1');
  await c.deleteServiceAccount('SVCACCT1');
  await c.accountInfo({ prefixUsage: true });
  await c.serverInfo();
  await c.storageInfo();
  await c.dataUsageInfo();
  await c.getBucketQuota('photos');
  await c.setBucketQuota('photos', { quota: 2 ** 30, quotatype: 'hard' });
  await c.serviceRestart();
  await c.getConfigKV('region');
  await c.setConfigKV('region name="eu west"');
  await c.delConfigKV('region');
  await c.helpConfigKV('region', 'name');
  await c.healStart({
    bucket: 'photos',
    prefix: 'a/b',
    opts: { recursive: true, scanMode: 2 },
    forceStart: true,
  });
  await c.healStatus({ bucket: 'photos', prefix: 'a/b', clientToken: 'tok' });
  await c.backgroundHealStatus();
  for await (const _ of c.serverTrace({ s3: true, internal: true, onlyErrors: true, thresholdMs: 1500 }))
    break;
  for await (const _ of c.getLogs({ limit: 5, logType: 'MINIO' })) break;
  await c.addTier({
    Version: 'v1',
    Type: 's3',
    Name: 'WARM',
    S3: {
      Endpoint: 'https://s3.amazonaws.com',
      AccessKey: 'tier-ak',
      SecretKey: 'tier-sk',
      Bucket: 'cold',
      Prefix: 'p/',
      Region: 'us-east-1',
      StorageClass: 'STANDARD',
    },
  });
  await c.listTiers();
  await c.editTier('WARM', { access: 'tier-ak2', secret: 'tier-sk2', awsrole: false });
  await c.verifyTier('WARM');
  await c.removeTier('WARM');
  await c.tierStats();
  await c.listRemoteTargets('photos', 'replication');
  await c.setRemoteTarget('photos', remoteTarget(''));
  await c.updateRemoteTarget(remoteTarget('arn:minio:replication::id:photos-copy'), ['creds', 'sync']);
  await c.removeRemoteTarget('photos', 'arn:minio:replication::id:photos-copy');
  await c.siteReplicationAdd([
    { name: 'east', endpoints: 'http://127.0.0.1:9001', accessKey: 'east-root', secretKey: 'east-secret' },
    { name: 'west', endpoints: 'http://127.0.0.1:9002', accessKey: 'west-root', secretKey: 'west-secret' },
  ]);
  await c.siteReplicationInfo();
  await c.srStatusInfo({ buckets: true, users: true });
  await c.srStatusInfo({ entity: 'bucket', entityValue: 'photos' });
  const west = { endpoint: 'http://127.0.0.1:9003', name: 'west', deploymentID: 'dep-west' };
  await c.siteReplicationEdit(west);
  await c.siteReplicationRemove({ sites: ['west'] });
  await c.siteReplicationResyncOp(west, 'start');
  for await (const _ of c.serverHealthInfo(['minioinfo', 'syscpu'], 3_600_000)) break;
}

describe('MadminClient puts the same requests on the wire as madmin-go', () => {
  it('matches madmin-go call by call', async () => {
    if (!go) throw new Error('the Go program was not built');
    log = [];
    await go.run(['replay', endpoint, AK, SK], '');
    const fromGo = log;
    log = [];
    await runTypeScriptScript(
      new MadminClient({ endpoint: `http://${endpoint}`, accessKey: AK, secretKey: SK }),
    );
    const fromTs = log;
    expect(fromGo.length).toBe(57);
    for (let i = 0; i < Math.max(fromGo.length, fromTs.length); i++) {
      expect(fromTs[i], `call ${i}: ${fromGo[i]?.method} ${fromGo[i]?.path}`).toEqual(fromGo[i]);
    }
  });
});
