/**
 * Unit test of the client against a small local HTTP server that checks what arrives: method, path,
 * query, a valid SigV4 signature (service s3, empty region, x-amz-content-sha256 matching the body),
 * and the decrypted body of encrypted calls.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { goDuration } from './calls/trace.js';
import { MadminClient } from './client.js';
import { decryptData, encryptData, isEncrypted } from './crypto.js';
import { MadminError } from './errors.js';
import { computeSignature, parseAuthorization, sha256Hex, signaturesEqual } from './sigv4.js';

const AK = 'console-admin';
const SK = 'console-admin-secret-123';
const TOKEN = 'eyJhbGciOiJIUzUxMiJ9.session.token';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** Decrypted body when it was encrypted. */
  plain?: Buffer;
  service: string;
  region: string;
}

type Handler = (req: Seen, res: ServerResponse) => unknown;

let server: Server;
let endpoint = '';
let seen: Seen[] = [];
let handler: Handler = (_req, res) => res.end();
const sockets = new Set<import('node:net').Socket>();

function verify(req: IncomingMessage, url: URL, body: Buffer): { service: string; region: string } {
  const auth = parseAuthorization(String(req.headers.authorization ?? ''));
  if (!auth) throw new Error('no SigV4 Authorization header');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256Hex(body)) throw new Error('x-amz-content-sha256 does not match the body');
  const secret = auth.accessKey === AK ? SK : auth.accessKey === 'sts-user' ? 'sts-user-secret' : '';
  const expected = computeSignature({
    method: req.method!,
    path: decodeURIComponent(url.pathname),
    query: url.searchParams,
    headers: req.headers,
    signedHeaders: auth.signedHeaders,
    payloadHash,
    amzDate: String(req.headers['x-amz-date']),
    region: auth.region,
    service: auth.service,
    secretKey: secret,
  });
  if (!signaturesEqual(expected, auth.signature)) throw new Error('signature does not match');
  return { service: auth.service, region: auth.region };
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url!, 'http://x');
    try {
      const { service, region } = verify(req, url, body);
      const s: Seen = {
        method: req.method!,
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        service,
        region,
      };
      if (isEncrypted(body)) s.plain = await decryptData(SK, body);
      seen.push(s);
      await handler(s, res);
    } catch (err) {
      res.statusCode = 403;
      res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: String(err) }));
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((done) => server.close(done));
});

beforeEach(() => {
  seen = [];
  handler = (_req, res) => res.end();
});

function client(extra: Partial<ConstructorParameters<typeof MadminClient>[0]> = {}): MadminClient {
  return new MadminClient({ endpoint, accessKey: AK, secretKey: SK, encryption: 'pbkdf2-aes-gcm', ...extra });
}

async function sendEncrypted(res: ServerResponse, value: unknown): Promise<void> {
  const sealed = await encryptData(SK, JSON.stringify(value), { algorithm: 'pbkdf2-aes-gcm' });
  res.setHeader('content-type', 'application/json');
  res.end(sealed);
}

function sendJson(res: ServerResponse, value: unknown, status = 200): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(value));
}

function only(): Seen {
  expect(seen).toHaveLength(1);
  return seen[0]!;
}

describe('signing', () => {
  it('signs with service s3 and the empty region, sending x-amz-content-sha256 and the session token', async () => {
    handler = (_r, res) => sendJson(res, { mode: 'online' });
    const info = await client({ sessionToken: TOKEN }).serverInfo();
    expect(info.mode).toBe('online');
    const r = only();
    expect(r).toMatchObject({ method: 'GET', path: '/minio/admin/v3/info', service: 's3', region: '' });
    expect(r.headers['x-amz-security-token']).toBe(TOKEN);
    expect(r.headers['x-amz-content-sha256']).toBe(sha256Hex(''));
    expect(r.headers.authorization).toContain('x-amz-security-token');
  });

  it('validates the endpoint', () => {
    expect(() => new MadminClient({ endpoint: 'ftp://h', accessKey: AK, secretKey: SK })).toThrow(/http/);
    expect(() => new MadminClient({ endpoint: 'http://h/minio', accessKey: AK, secretKey: SK })).toThrow(
      /path/,
    );
    expect(() => new MadminClient({ endpoint: 'nope', accessKey: AK, secretKey: SK })).toThrow(/URL/);
    expect(() => new MadminClient({ endpoint: 'http://h', accessKey: '', secretKey: SK })).toThrow(
      /required/,
    );
  });
});

describe('users', () => {
  it('listUsers decrypts the answer', async () => {
    handler = (_r, res) => sendEncrypted(res, { alice: { policyName: 'readwrite', status: 'enabled' } });
    expect(await client().listUsers()).toEqual({ alice: { policyName: 'readwrite', status: 'enabled' } });
    expect(only()).toMatchObject({ method: 'GET', path: '/minio/admin/v3/list-users' });
  });

  it('addUser sends an encrypted {secretKey,status}', async () => {
    await client().addUser('alice', 'alice-secret-1', 'enabled');
    const r = only();
    expect(r).toMatchObject({ method: 'PUT', path: '/minio/admin/v3/add-user' });
    expect(r.query.get('accessKey')).toBe('alice');
    expect(r.body[32]).toBe(2);
    expect(JSON.parse(r.plain!.toString())).toEqual({ secretKey: 'alice-secret-1', status: 'enabled' });
    expect(r.headers['content-length']).toBe(String(r.body.length));
  });

  it('encrypts with Argon2id + AES-GCM by default', async () => {
    await new MadminClient({ endpoint, accessKey: AK, secretKey: SK }).addUser('bob', 'bob-secret-1');
    expect(only().body[32]).toBe(0);
    expect(JSON.parse(only().plain!.toString()).status).toBe('enabled');
  });

  it('removeUser, getUserInfo, setUserStatus', async () => {
    handler = (r, res) =>
      r.path.endsWith('/user-info') ? sendJson(res, { status: 'disabled', memberOf: ['devs'] }) : res.end();
    const c = client();
    await c.removeUser('a b+c');
    expect(await c.getUserInfo('alice')).toEqual({ status: 'disabled', memberOf: ['devs'] });
    await c.setUserStatus('alice', 'disabled');
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'DELETE /minio/admin/v3/remove-user?accessKey=a+b%2Bc',
      'GET /minio/admin/v3/user-info?accessKey=alice',
      'PUT /minio/admin/v3/set-user-status?accessKey=alice&status=disabled',
    ]);
    expect(seen[0]!.query.get('accessKey')).toBe('a b+c');
    // @ts-expect-error: invalid on purpose
    await expect(c.setUserStatus('alice', 'on')).rejects.toThrow(TypeError);
    await expect(c.removeUser('')).rejects.toMatchObject({ code: 'XMinioAdminInvalidArgument' });
  });
});

describe('groups', () => {
  it('updateGroupMembers sends plain JSON', async () => {
    await client().updateGroupMembers({ group: 'devs', members: ['alice'], isRemove: false });
    const r = only();
    expect(r).toMatchObject({ method: 'PUT', path: '/minio/admin/v3/update-group-members' });
    expect(JSON.parse(r.body.toString())).toEqual({
      group: 'devs',
      members: ['alice'],
      groupStatus: '',
      isRemove: false,
    });
  });

  it('getGroupDescription, listGroups (null → []), setGroupStatus', async () => {
    handler = (r, res) => {
      if (r.path.endsWith('/group'))
        sendJson(res, { name: 'devs', status: 'enabled', members: [], policy: '' });
      else if (r.path.endsWith('/groups')) sendJson(res, null);
      else res.end();
    };
    const c = client();
    expect((await c.getGroupDescription('devs')).name).toBe('devs');
    expect(await c.listGroups()).toEqual([]);
    await c.setGroupStatus('devs', 'disabled');
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'GET /minio/admin/v3/group?group=devs',
      'GET /minio/admin/v3/groups?',
      'PUT /minio/admin/v3/set-group-status?group=devs&status=disabled',
    ]);
  });
});

describe('policies', () => {
  const doc = {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] }],
  };

  it('list, add, remove, info (v2)', async () => {
    handler = (r, res) => {
      if (r.path.endsWith('/list-canned-policies')) sendJson(res, { readwrite: doc });
      else if (r.path.endsWith('/info-canned-policy')) {
        sendJson(res, { PolicyName: 'rw', Policy: doc, CreateDate: '2024-01-01T00:00:00Z' });
      } else res.end();
    };
    const c = client();
    expect(await c.listCannedPolicies()).toEqual({ readwrite: doc });
    await c.addCannedPolicy('rw', doc);
    expect((await c.infoCannedPolicy('rw')).Policy).toEqual(doc);
    await c.removeCannedPolicy('rw');
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'GET /minio/admin/v3/list-canned-policies?',
      'PUT /minio/admin/v3/add-canned-policy?name=rw',
      'GET /minio/admin/v3/info-canned-policy?name=rw&v=2',
      'DELETE /minio/admin/v3/remove-canned-policy?name=rw',
    ]);
    expect(JSON.parse(seen[1]!.body.toString())).toEqual(doc);
    await expect(c.addCannedPolicy('big', 'x'.repeat(20 * 1024 + 1))).rejects.toThrow(RangeError);
  });

  it('setPolicy joins names and flags groups', async () => {
    await client().setPolicy(['readonly', 'diagnostics'], 'devs', true);
    expect(Object.fromEntries(only().query)).toEqual({
      policyName: 'readonly,diagnostics',
      userOrGroup: 'devs',
      isGroup: 'true',
    });
  });

  it('attach/detach send encrypted bodies and accept empty or encrypted answers', async () => {
    handler = async (r, res) => {
      if (r.path.endsWith('/attach')) {
        res.statusCode = 201;
        await sendEncrypted(res, { policiesAttached: ['readonly'], updatedAt: '2024-01-01T00:00:00Z' });
      } else {
        res.statusCode = 204;
        res.end();
      }
    };
    const c = client();
    expect(await c.attachPolicy({ policies: ['readonly'], user: 'alice' })).toEqual({
      policiesAttached: ['readonly'],
      updatedAt: '2024-01-01T00:00:00Z',
    });
    expect(await c.detachPolicy({ policies: ['readonly'], group: 'devs' })).toBeUndefined();
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /minio/admin/v3/idp/builtin/policy/attach',
      'POST /minio/admin/v3/idp/builtin/policy/detach',
    ]);
    expect(JSON.parse(seen[0]!.plain!.toString())).toEqual({ policies: ['readonly'], user: 'alice' });
    expect(JSON.parse(seen[1]!.plain!.toString())).toEqual({ policies: ['readonly'], group: 'devs' });
    await expect(c.attachPolicy({ policies: ['x'], user: 'a', group: 'b' })).rejects.toThrow(/exactly one/);
  });

  it('getPolicyEntities repeats filters and decrypts the answer', async () => {
    handler = (_r, res) =>
      sendEncrypted(res, { timestamp: 't', userMappings: [{ user: 'alice', policies: ['readonly'] }] });
    const out = await client().getPolicyEntities({ users: ['alice', 'bob'], policy: ['readonly'] });
    expect(out.userMappings).toEqual([{ user: 'alice', policies: ['readonly'] }]);
    const r = only();
    expect(r.path).toBe('/minio/admin/v3/idp/builtin/policy-entities');
    expect(r.query.getAll('user')).toEqual(['alice', 'bob']);
    expect(r.query.getAll('policy')).toEqual(['readonly']);
  });
});

describe('service accounts', () => {
  it('add (E both ways), update, list, info, delete', async () => {
    handler = async (r, res) => {
      if (r.path.endsWith('/add-service-account')) {
        await sendEncrypted(res, { credentials: { accessKey: 'SVCACCT1', secretKey: 'svc-secret' } });
      } else if (r.path.endsWith('/list-service-accounts'))
        await sendEncrypted(res, { accounts: ['SVCACCT1'] });
      else if (r.path.endsWith('/info-service-account')) {
        await sendEncrypted(res, {
          parentUser: 'alice',
          accountStatus: 'on',
          impliedPolicy: true,
          policy: '',
          comment: '',
        });
      } else {
        res.statusCode = 204;
        res.end();
      }
    };
    const c = client();
    const creds = await c.addServiceAccount({
      targetUser: 'alice',
      comment: '',
      policy: { Version: '2012-10-17' },
    });
    expect(creds).toEqual({ accessKey: 'SVCACCT1', secretKey: 'svc-secret' });
    await c.updateServiceAccount('SVCACCT1', { newStatus: 'off' });
    expect((await c.listServiceAccounts('alice')).accounts).toEqual(['SVCACCT1']);
    expect((await c.infoServiceAccount('SVCACCT1')).parentUser).toBe('alice');
    await c.deleteServiceAccount('SVCACCT1');
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'PUT /minio/admin/v3/add-service-account?',
      'POST /minio/admin/v3/update-service-account?accessKey=SVCACCT1',
      'GET /minio/admin/v3/list-service-accounts?user=alice',
      'GET /minio/admin/v3/info-service-account?accessKey=SVCACCT1',
      'DELETE /minio/admin/v3/delete-service-account?accessKey=SVCACCT1',
    ]);
    // Empty optional fields are left out, as madmin-go's omitempty does.
    expect(JSON.parse(seen[0]!.plain!.toString())).toEqual({
      targetUser: 'alice',
      policy: { Version: '2012-10-17' },
    });
    expect(JSON.parse(seen[1]!.plain!.toString())).toEqual({ newStatus: 'off' });
  });
});

describe('server state, quota and service', () => {
  it('accountInfo, storageInfo, dataUsageInfo', async () => {
    handler = (r, res) => {
      if (r.path.endsWith('/accountinfo')) sendJson(res, { AccountName: 'alice', Buckets: [] });
      else if (r.path.endsWith('/storageinfo')) sendJson(res, { Disks: [], Backend: { Type: 2 } });
      else sendJson(res, { objectsCount: 3, bucketsCount: 1 });
    };
    const c = client();
    expect((await c.accountInfo({ prefixUsage: true })).AccountName).toBe('alice');
    expect((await c.storageInfo()).Backend.Type).toBe(2);
    expect((await c.dataUsageInfo()).objectsCount).toBe(3);
    expect(seen.map((s) => `${s.path}?${s.query}`)).toEqual([
      '/minio/admin/v3/accountinfo?prefix-usage=true',
      '/minio/admin/v3/storageinfo?',
      '/minio/admin/v3/datausageinfo?',
    ]);
  });

  it('bucket quota get/set and service restart', async () => {
    handler = (r, res) =>
      r.method === 'GET' ? sendJson(res, { quota: 1024, quotatype: 'hard' }) : res.end();
    const c = client();
    expect(await c.getBucketQuota('photos')).toEqual({ quota: 1024, quotatype: 'hard' });
    await c.setBucketQuota('photos', { quota: 0 });
    await c.serviceRestart();
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'GET /minio/admin/v3/get-bucket-quota?bucket=photos',
      'PUT /minio/admin/v3/set-bucket-quota?bucket=photos',
      'POST /minio/admin/v3/service?action=restart',
    ]);
    expect(JSON.parse(seen[1]!.body.toString())).toEqual({ quota: 0, quotatype: 'hard' });
    await expect(c.setBucketQuota('photos', { quota: -1 })).rejects.toThrow(RangeError);
  });
});

describe('config and heal', () => {
  it('config kv get/set/del/help', async () => {
    handler = async (r, res) => {
      if (r.path.endsWith('/get-config-kv')) {
        res.end(await encryptData(SK, 'region name=us-east-1', { algorithm: 'pbkdf2-aes-gcm' }));
      } else if (r.path.endsWith('/set-config-kv')) {
        res.setHeader('x-minio-config-applied', 'true');
        res.end();
      } else if (r.path.endsWith('/help-config-kv')) {
        sendJson(res, { subSys: 'region', description: 'd', multipleTargets: false, keysHelp: [] });
      } else res.end();
    };
    const c = client();
    expect(await c.getConfigKV('region')).toBe('region name=us-east-1');
    expect(await c.setConfigKV('region name=eu-west-1')).toEqual({ restartRequired: false });
    expect(await c.delConfigKV('region')).toEqual({ restartRequired: true });
    expect((await c.helpConfigKV('region')).subSys).toBe('region');
    expect(seen[1]!.plain!.toString()).toBe('region name=eu-west-1');
    expect(seen[2]!).toMatchObject({ method: 'DELETE', path: '/minio/admin/v3/del-config-kv' });
    expect(seen[2]!.plain!.toString()).toBe('region');
    expect(Object.fromEntries(seen[3]!.query)).toEqual({ subSys: 'region', key: '' });
  });

  it('heal start and status tolerate keep-alives; an error JSON after 200 throws', async () => {
    let polls = 0;
    handler = (r, res) => {
      res.write('  ');
      if (!r.query.get('clientToken')) {
        res.end(JSON.stringify({ clientToken: 'tok', clientAddress: '1.2.3.4', startTime: 'now' }));
      } else if (polls++ === 0) {
        res.end(' {"summary":"finished","detail":"","startTime":"now","settings":{},"items":[]}');
      } else res.end(JSON.stringify({ Code: 'XMinioHealNoSuchProcess', Message: 'No such heal sequence' }));
    };
    const c = client();
    const start = await c.healStart({
      bucket: 'photos',
      prefix: 'a/b',
      opts: { recursive: true, dryRun: false, remove: false, scanMode: 2 },
    });
    expect(start.clientToken).toBe('tok');
    expect((await c.healStatus({ bucket: 'photos', prefix: 'a/b', clientToken: 'tok' })).summary).toBe(
      'finished',
    );
    await expect(c.healStatus({ clientToken: 'tok' })).rejects.toMatchObject({
      code: 'XMinioHealNoSuchProcess',
    });
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'POST /minio/admin/v3/heal/photos/a/b?',
      'POST /minio/admin/v3/heal/photos/a/b?clientToken=tok',
      'POST /minio/admin/v3/heal/?clientToken=tok',
    ]);
    expect(JSON.parse(seen[0]!.body.toString())).toMatchObject({ recursive: true, scanMode: 2 });
    expect(seen[1]!.body.length).toBe(0);
  });
});

describe('errors', () => {
  it('parses MinIO JSON errors into MadminError', async () => {
    handler = (_r, res) =>
      sendJson(
        res,
        { Code: 'XMinioAdminNoSuchUser', Message: 'The specified user does not exist.', RequestId: 'R1' },
        404,
      );
    const err = await client()
      .getUserInfo('ghost')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MadminError);
    expect(err).toMatchObject({ code: 'XMinioAdminNoSuchUser', status: 404, requestId: 'R1' });
    expect((err as MadminError).message).toBe('The specified user does not exist.');
  });

  it('parses XML and plain-text errors too', async () => {
    handler = (_r, res) => {
      res.statusCode = 403;
      res.end(
        '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied.</Message></Error>',
      );
    };
    await expect(client().listGroups()).rejects.toMatchObject({ code: 'AccessDenied', status: 403 });
    handler = (_r, res) => {
      res.statusCode = 502;
      res.end('bad gateway');
    };
    await expect(client().listGroups()).rejects.toMatchObject({ code: 'HTTP502', status: 502 });
  });

  it('a wrong secret key is refused by the verifier', async () => {
    const bad = new MadminClient({ endpoint, accessKey: AK, secretKey: 'not-the-secret' });
    await expect(bad.serverInfo()).rejects.toMatchObject({ code: 'SignatureDoesNotMatch', status: 403 });
  });

  it('accepts gzip-compressed answers (MinIO compresses bodies above 1000 bytes)', async () => {
    const users: Record<string, { status: string }> = {};
    for (let i = 0; i < 200; i++) users[`user-${i}`] = { status: 'enabled' };
    handler = async (r, res) => {
      expect(String(r.headers['accept-encoding'])).toContain('gzip');
      const sealedBody = await encryptData(SK, JSON.stringify(users), { algorithm: 'pbkdf2-aes-gcm' });
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(sealedBody));
    };
    expect(await client().listUsers()).toEqual(users);
  });

  it('a reply that should be encrypted but is not fails clearly', async () => {
    handler = (_r, res) => sendJson(res, { alice: { status: 'enabled' } });
    await expect(client().listUsers()).rejects.toThrow(/not authentic|truncated|algorithm/);
  });
});

describe('streams', () => {
  it('serverTrace parses values split across chunks, with keep-alives, and sends madmin-go flags', async () => {
    const events = [
      { type: 4, nodename: 'n1', funcname: 's3.GetObject', time: 't', path: '/b/ké', dur: 1000 },
      { type: 4, nodename: 'n1', funcname: 's3.PutObject', time: 't', path: '/b/{x}"y"', dur: 2000 },
    ];
    handler = async (_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const text = Buffer.from(` ${JSON.stringify(events[0])} ${JSON.stringify(events[1])}  `);
      // Byte-by-byte, so chunk boundaries split values, escapes and the UTF-8 of "é".
      for (const byte of text) {
        res.write(Buffer.of(byte));
        await new Promise((done) => setImmediate(done));
      }
      res.end();
    };
    const got = [];
    for await (const e of client().serverTrace({ s3: true, onlyErrors: true, thresholdMs: 1500 }))
      got.push(e);
    expect(got).toEqual(events);
    const q = Object.fromEntries(only().query);
    expect(q).toMatchObject({ s3: 'true', err: 'true', threshold: '1.5s', internal: 'false', os: 'false' });
  });

  it('getLogs ends quietly when the signal aborts, and releases the connection', async () => {
    let closed!: () => void;
    const serverSawClose = new Promise<void>((done) => {
      closed = done;
    });
    handler = (_r, res) => {
      res.writeHead(200);
      res.write('{"level":"ERROR","errKind":"MINIO","time":"t","message":"m1"} ');
      const keepAlive = setInterval(() => res.write(' '), 20);
      res.on('close', () => {
        clearInterval(keepAlive);
        closed();
      });
    };
    const ac = new AbortController();
    const got = [];
    for await (const entry of client().getLogs({ limit: 5, logType: 'MINIO' }, ac.signal)) {
      got.push(entry);
      ac.abort();
    }
    expect(got.map((e) => e.message)).toEqual(['m1']);
    expect(Object.fromEntries(only().query)).toEqual({ node: '', limit: '5', logType: 'MINIO' });
    await serverSawClose;
  });

  it('breaking out of the loop closes the stream', async () => {
    let closed!: () => void;
    const serverSawClose = new Promise<void>((done) => {
      closed = done;
    });
    handler = (_r, res) => {
      res.writeHead(200);
      const tick = setInterval(() => res.write('{"type":4} '), 10);
      res.on('close', () => {
        clearInterval(tick);
        closed();
      });
    };
    let n = 0;
    for await (const _ of client().serverTrace()) if (++n === 3) break;
    expect(n).toBe(3);
    await serverSawClose;
  });

  it('a refused stream throws MadminError', async () => {
    handler = (_r, res) => sendJson(res, { Code: 'AccessDenied', Message: 'Access Denied.' }, 403);
    const it = client().serverTrace();
    await expect(it.next()).rejects.toMatchObject({ code: 'AccessDenied' });
  });
});

describe('tiers, remote targets and health info', () => {
  it('tiers: add (E), list (null → []), edit (E), verify, remove, stats', async () => {
    handler = (r, res) => {
      if (r.method === 'GET' && r.path.endsWith('/tier')) sendJson(res, null);
      else if (r.path.endsWith('/tier-stats')) sendJson(res, [{ Name: 'WARM', Type: 's3', Stats: {} }]);
      else {
        res.statusCode = 204;
        res.end();
      }
    };
    const c = client();
    await c.addTier({
      Version: 'v1',
      Type: 'minio',
      Name: 'WARM',
      MinIO: { Endpoint: 'http://m:9000', Bucket: 'b' },
    });
    expect(await c.listTiers()).toEqual([]);
    await c.editTier('WARM', { access: 'ak', secret: 'sk', awsrole: false });
    await c.verifyTier('WARM');
    await c.removeTier('WARM');
    expect((await c.tierStats())[0]?.Name).toBe('WARM');
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'PUT /minio/admin/v3/tier',
      'GET /minio/admin/v3/tier',
      'POST /minio/admin/v3/tier/WARM',
      'GET /minio/admin/v3/tier/WARM',
      'DELETE /minio/admin/v3/tier/WARM',
      'GET /minio/admin/v3/tier-stats',
    ]);
    expect(JSON.parse(seen[0]!.plain!.toString()).MinIO.Bucket).toBe('b');
    expect(JSON.parse(seen[2]!.plain!.toString())).toEqual({ access: 'ak', secret: 'sk', awsrole: false });
    // @ts-expect-error: invalid on purpose
    await expect(c.addTier({ Version: 'v1', Type: 'ftp', Name: 'X' })).rejects.toThrow(/tier type/);
  });

  it('remote targets: set returns the ARN, update sends the changed parts as flags', async () => {
    handler = (r, res) => {
      if (r.path.endsWith('/set-remote-target')) sendJson(res, 'arn:minio:replication::1:copy');
      else if (r.path.endsWith('/list-remote-targets')) sendJson(res, null);
      else {
        res.statusCode = 204;
        res.end();
      }
    };
    const target = {
      sourcebucket: 'photos',
      endpoint: 'backup:9000',
      credentials: { accessKey: 'ak', secretKey: 'sk' },
      targetbucket: 'copy',
      secure: false,
      type: 'replication' as const,
      replicationSync: false,
      disableProxy: false,
    };
    const c = client();
    expect(await c.listRemoteTargets('photos', 'replication')).toEqual([]);
    expect(await c.setRemoteTarget('photos', target)).toBe('arn:minio:replication::1:copy');
    await c.updateRemoteTarget({ ...target, arn: 'arn:minio:replication::1:copy' }, ['creds', 'bandwidth']);
    await c.removeRemoteTarget('photos', 'arn:minio:replication::1:copy');
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'GET /minio/admin/v3/list-remote-targets?bucket=photos&type=replication',
      'PUT /minio/admin/v3/set-remote-target?bucket=photos',
      'PUT /minio/admin/v3/set-remote-target?bandwidth=true&bucket=photos&creds=true&update=true',
      'DELETE /minio/admin/v3/remove-remote-target?arn=arn%3Aminio%3Areplication%3A%3A1%3Acopy&bucket=photos',
    ]);
    expect(JSON.parse(seen[1]!.plain!.toString())).toEqual(target);
  });

  it('health info yields growing snapshots and turns an error snapshot into MadminError', async () => {
    let call = 0;
    handler = (_r, res) => {
      res.writeHead(200);
      if (call++ === 0) {
        res.write('{"version":"3","timestamp":"t1"}     ');
        res.end('{"version":"3","timestamp":"t2","sys":{"cpus":[]}}');
      } else res.end('{"version":"3","error":"deadline exceeded"}');
    };
    const c = client();
    const snapshots = [];
    for await (const s of c.serverHealthInfo(['minioinfo', 'sysmem'], 90_500)) snapshots.push(s.timestamp);
    expect(snapshots).toEqual(['t1', 't2']);
    const q = Object.fromEntries(seen[0]!.query);
    expect(q).toMatchObject({ deadline: '1m30s', minioinfo: 'true', sysmem: 'true', syscpu: 'false' });
    const drain = async (): Promise<void> => {
      for await (const _ of c.serverHealthInfo(['minioinfo'])) {
        // drain
      }
    };
    await expect(drain()).rejects.toMatchObject({
      code: 'XMinioHealthInfoError',
      message: 'deadline exceeded',
    });
  });
});

describe('goDuration', () => {
  it('formats like Go time.Duration.String', () => {
    expect([0, 1, 500, 1000, 1500, 60_000, 90_500, 3_600_000, 3_723_000].map(goDuration)).toEqual([
      '0s',
      '1ms',
      '500ms',
      '1s',
      '1.5s',
      '1m0s',
      '1m30.5s',
      '1h0m0s',
      '1h2m3s',
    ]);
    expect(() => goDuration(-1)).toThrow(RangeError);
  });
});

describe('timeouts and the shared key cache', () => {
  it('gives up on a call that gets no answer, with ETIMEDOUT', async () => {
    handler = () => undefined; // never answers
    const err = await client({ timeoutMs: 150 })
      .serverInfo()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MadminError);
    expect(err).toMatchObject({ code: 'ETIMEDOUT' });
  });

  it('gives up on a body that stops half way', async () => {
    handler = (_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"mode":');
    };
    await expect(client({ timeoutMs: 150 }).serverInfo()).rejects.toMatchObject({ code: 'ETIMEDOUT' });
  });

  it('a caller abort is reported as such, not as a timeout', async () => {
    handler = () => undefined;
    const ac = new AbortController();
    const pending = client({ timeoutMs: 10_000 }).listGroups(ac.signal);
    setTimeout(() => ac.abort(), 50);
    const err = await pending.catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
  });

  it('clients with the same secret share derived keys (one salt per rotation)', async () => {
    const a = new MadminClient({ endpoint, accessKey: AK, secretKey: SK });
    const b = new MadminClient({ endpoint, accessKey: AK, secretKey: SK });
    await a.addUser('u1', 'secret-u1-1');
    await b.addUser('u2', 'secret-u2-1');
    await new MadminClient({ endpoint, accessKey: AK, secretKey: SK, keyCache: false }).addUser(
      'u3',
      'secret-u3-1',
    );
    const salts = seen.map((s) => s.body.subarray(0, 32).toString('hex'));
    expect(salts[0]).toBe(salts[1]);
    expect(salts[2]).not.toBe(salts[0]);
    expect(seen.map((s) => JSON.parse(s.plain!.toString()).secretKey)).toEqual([
      'secret-u1-1',
      'secret-u2-1',
      'secret-u3-1',
    ]);
  });
});
