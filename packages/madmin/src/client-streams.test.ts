// SPDX-License-Identifier: Apache-2.0
/**
 * Unit test of the client against a small local HTTP server that checks what arrives (see
 * `testing/recording-server.ts`): config and heal, MinIO errors, streams, tiers, remote targets, health
 * info, Go durations, timeouts and the shared key cache. Signing and IAM calls: `client.test.ts`.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { goDuration } from './calls/trace.js';
import { MadminClient } from './client.js';
import { encryptData } from './crypto.js';
import { MadminError } from './errors.js';
import { AK, SK, sendJson, useRecordingServer } from './testing/recording-server.js';

const rig = useRecordingServer();
const { client, only } = rig;

describe('config and heal', () => {
  it('config kv get/set/del/help', async () => {
    rig.handler = async (r, res) => {
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
    expect(rig.seen[1]!.plain!.toString()).toBe('region name=eu-west-1');
    expect(rig.seen[2]!).toMatchObject({ method: 'DELETE', path: '/minio/admin/v3/del-config-kv' });
    expect(rig.seen[2]!.plain!.toString()).toBe('region');
    expect(Object.fromEntries(rig.seen[3]!.query)).toEqual({ subSys: 'region', key: '' });
  });

  it('heal start and status tolerate keep-alives; an error JSON after 200 throws', async () => {
    let polls = 0;
    rig.handler = (r, res) => {
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
    expect(rig.seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'POST /minio/admin/v3/heal/photos/a/b?',
      'POST /minio/admin/v3/heal/photos/a/b?clientToken=tok',
      'POST /minio/admin/v3/heal/?clientToken=tok',
    ]);
    expect(JSON.parse(rig.seen[0]!.body.toString())).toMatchObject({ recursive: true, scanMode: 2 });
    expect(rig.seen[1]!.body.length).toBe(0);
  });
});

describe('errors', () => {
  it('parses MinIO JSON errors into MadminError', async () => {
    rig.handler = (_r, res) =>
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
    rig.handler = (_r, res) => {
      res.statusCode = 403;
      res.end(
        '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied.</Message></Error>',
      );
    };
    await expect(client().listGroups()).rejects.toMatchObject({ code: 'AccessDenied', status: 403 });
    rig.handler = (_r, res) => {
      res.statusCode = 502;
      res.end('bad gateway');
    };
    await expect(client().listGroups()).rejects.toMatchObject({ code: 'HTTP502', status: 502 });
  });

  it('a wrong secret key is refused by the verifier', async () => {
    const bad = new MadminClient({ endpoint: rig.endpoint, accessKey: AK, secretKey: 'not-the-secret' });
    await expect(bad.serverInfo()).rejects.toMatchObject({ code: 'SignatureDoesNotMatch', status: 403 });
  });

  it('accepts gzip-compressed answers (MinIO compresses bodies above 1000 bytes)', async () => {
    const users: Record<string, { status: string }> = {};
    for (let i = 0; i < 200; i++) users[`user-${i}`] = { status: 'enabled' };
    rig.handler = async (r, res) => {
      expect(String(r.headers['accept-encoding'])).toContain('gzip');
      const sealedBody = await encryptData(SK, JSON.stringify(users), { algorithm: 'pbkdf2-aes-gcm' });
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(sealedBody));
    };
    expect(await client().listUsers()).toEqual(users);
  });

  it('a reply that should be encrypted but is not fails clearly', async () => {
    rig.handler = (_r, res) => sendJson(res, { alice: { status: 'enabled' } });
    await expect(client().listUsers()).rejects.toThrow(/not authentic|truncated|algorithm/);
  });
});

describe('streams', () => {
  it('serverTrace parses values split across chunks, with keep-alives, and sends madmin-go flags', async () => {
    const events = [
      { type: 4, nodename: 'n1', funcname: 's3.GetObject', time: 't', path: '/b/ké', dur: 1000 },
      { type: 4, nodename: 'n1', funcname: 's3.PutObject', time: 't', path: '/b/{x}"y"', dur: 2000 },
    ];
    rig.handler = async (_r, res) => {
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
    rig.handler = (_r, res) => {
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
    rig.handler = (_r, res) => {
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

  it('scannerMetrics asks for one scanner sample and returns its scanner part', async () => {
    rig.handler = (_r, res) => {
      res.end(
        `${JSON.stringify({ hosts: ['h:9000'], aggregated: { scanner: { current_cycle: 7, cycle_complete_times: ['2026-01-01T00:00:00Z'] } }, final: true })}\n`,
      );
    };
    const m = await client().scannerMetrics();
    expect(m.current_cycle).toBe(7);
    expect(m.cycle_complete_times).toEqual(['2026-01-01T00:00:00Z']);
    expect(rig.seen[0]!).toMatchObject({ method: 'GET', path: '/minio/admin/v3/metrics' });
    expect(Object.fromEntries(rig.seen[0]!.query)).toEqual({ types: '1', n: '1', interval: '1s' });
  });

  it('a refused stream throws MadminError', async () => {
    rig.handler = (_r, res) => sendJson(res, { Code: 'AccessDenied', Message: 'Access Denied.' }, 403);
    const it = client().serverTrace();
    await expect(it.next()).rejects.toMatchObject({ code: 'AccessDenied' });
  });
});

describe('tiers, remote targets and health info', () => {
  it('tiers: add (E), list (null → []), edit (E), verify, remove, stats', async () => {
    rig.handler = (r, res) => {
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
    expect(rig.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'PUT /minio/admin/v3/tier',
      'GET /minio/admin/v3/tier',
      'POST /minio/admin/v3/tier/WARM',
      'GET /minio/admin/v3/tier/WARM',
      'DELETE /minio/admin/v3/tier/WARM',
      'GET /minio/admin/v3/tier-stats',
    ]);
    expect(JSON.parse(rig.seen[0]!.plain!.toString()).MinIO.Bucket).toBe('b');
    expect(JSON.parse(rig.seen[2]!.plain!.toString())).toEqual({
      access: 'ak',
      secret: 'sk',
      awsrole: false,
    });
    // @ts-expect-error: invalid on purpose
    await expect(c.addTier({ Version: 'v1', Type: 'ftp', Name: 'X' })).rejects.toThrow(/tier type/);
  });

  it('remote targets: set returns the ARN, update sends the changed parts as flags', async () => {
    rig.handler = (r, res) => {
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
    expect(rig.seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'GET /minio/admin/v3/list-remote-targets?bucket=photos&type=replication',
      'PUT /minio/admin/v3/set-remote-target?bucket=photos',
      'PUT /minio/admin/v3/set-remote-target?bandwidth=true&bucket=photos&creds=true&update=true',
      'DELETE /minio/admin/v3/remove-remote-target?arn=arn%3Aminio%3Areplication%3A%3A1%3Acopy&bucket=photos',
    ]);
    expect(JSON.parse(rig.seen[1]!.plain!.toString())).toEqual(target);
  });

  it('health info yields growing snapshots and turns an error snapshot into MadminError', async () => {
    let call = 0;
    rig.handler = (_r, res) => {
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
    const q = Object.fromEntries(rig.seen[0]!.query);
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
    rig.handler = () => undefined; // never answers
    const err = await client({ timeoutMs: 150 })
      .serverInfo()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MadminError);
    expect(err).toMatchObject({ code: 'ETIMEDOUT' });
  });

  it('gives up on a body that stops half way', async () => {
    rig.handler = (_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"mode":');
    };
    await expect(client({ timeoutMs: 150 }).serverInfo()).rejects.toMatchObject({ code: 'ETIMEDOUT' });
  });

  it('a caller abort is reported as such, not as a timeout', async () => {
    rig.handler = () => undefined;
    const ac = new AbortController();
    const pending = client({ timeoutMs: 10_000 }).listGroups(ac.signal);
    setTimeout(() => ac.abort(), 50);
    const err = await pending.catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
  });

  it('clients with the same secret share derived keys (one salt per rotation)', async () => {
    const a = new MadminClient({ endpoint: rig.endpoint, accessKey: AK, secretKey: SK });
    const b = new MadminClient({ endpoint: rig.endpoint, accessKey: AK, secretKey: SK });
    await a.addUser('u1', 'secret-u1-1');
    await b.addUser('u2', 'secret-u2-1');
    await new MadminClient({ endpoint: rig.endpoint, accessKey: AK, secretKey: SK, keyCache: false }).addUser(
      'u3',
      'secret-u3-1',
    );
    const salts = rig.seen.map((s) => s.body.subarray(0, 32).toString('hex'));
    expect(salts[0]).toBe(salts[1]);
    expect(salts[2]).not.toBe(salts[0]);
    expect(rig.seen.map((s) => JSON.parse(s.plain!.toString()).secretKey)).toEqual([
      'secret-u1-1',
      'secret-u2-1',
      'secret-u3-1',
    ]);
  });
});
