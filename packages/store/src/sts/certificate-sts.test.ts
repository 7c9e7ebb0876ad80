// SPDX-License-Identifier: Apache-2.0
import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MadminClient, signRequest } from '@stowage/madmin';
import * as Minio from 'minio';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGoProgram, type GoProgram } from '../../../madmin/src/testing/go-program.js';
import { makeCert, makeTestCerts, type TestCerts, type TestKeyPair } from '../cli/testing/test-certs.js';
import { requireTool } from '../s3/conformance/system-tools.js';
import { type StoreHandle, startStore } from '../server.js';
import { bucketPolicy } from './testing/identity-config.js';

// STS AssumeRoleWithCertificate (identity_tls) against a store serving TLS with a CA and certificates made
// by openssl: Node's https client and minio-go's STSCertificateIdentity present client certificates; the
// subject CN names the policy the credentials get.

const ROOT = { accessKey: 'cert-sts-root', secretKey: 'cert-sts-root-secret' };
const ACTION = 'Action=AssumeRoleWithCertificate&Version=2011-06-15';
let dir: string;
let certs: TestCerts;
let store: StoreHandle;
let admin: MadminClient;
let program: GoProgram;
const client: Record<string, TestKeyPair> = {};

interface Answer {
  status: number;
  body: string;
}

/** POST / over a fresh TLS connection (the listener decides per connection whether to ask for a certificate). */
function sts(
  url: string,
  pair: TestKeyPair | null,
  query = `${ACTION}&DurationSeconds=3600`,
): Promise<Answer> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: u.hostname,
        port: Number(u.port),
        method: 'POST',
        path: `/?${query}`,
        ca: certs.ca,
        agent: false,
        ...(pair ? { cert: pair.cert, key: pair.key } : {}),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function xmlText(body: string, element: string): string {
  return new RegExp(`<${element}>([^<]*)</${element}>`).exec(body)?.[1] ?? '';
}

async function setIdentityTls(line: string): Promise<void> {
  await admin.setConfigKV(`identity_tls ${line}`);
}

beforeAll(async () => {
  requireTool('/usr/bin/openssl', 'openssl');
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-cert-sts-'));
  const buildGo = buildGoProgram('sts-identity');
  certs = await makeTestCerts(dir);
  const ca = { certFile: certs.caFile, keyFile: certs.caKeyFile };
  const clientAuth = ['extendedKeyUsage=clientAuth'];
  // A CA the store does not know.
  const otherCa = await makeCert(dir, 'other-ca', { subject: '/CN=Some other CA' });
  const made = await Promise.all([
    makeCert(dir, 'alice', { subject: '/CN=cert-alice/O=team', ca, extensions: clientAuth }),
    makeCert(dir, 'nobody', { subject: '/CN=cert-nobody', ca, extensions: clientAuth }),
    makeCert(dir, 'expired', { subject: '/CN=cert-alice', ca, days: -1, extensions: clientAuth }),
    makeCert(dir, 'untrusted', { subject: '/CN=cert-alice', ca: otherCa, extensions: clientAuth }),
    makeCert(dir, 'server-only', {
      subject: '/CN=cert-alice',
      ca,
      extensions: ['extendedKeyUsage=serverAuth'],
    }),
    makeCert(dir, 'no-cn', { subject: '/O=team', ca, extensions: clientAuth }),
  ]);
  for (const pair of made) client[path.basename(pair.certFile, '.crt')] = pair;
  store = await startStore({
    dataDir: path.join(dir, 'data'),
    drives: 1,
    port: 0,
    host: '127.0.0.1',
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
    env: {},
    tls: { cert: certs.cert, key: certs.key, cas: [certs.ca] },
  });
  const dispatcher = new Agent({ connect: { ca: certs.ca } });
  const tlsFetch = ((input: string, init?: RequestInit) =>
    undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
  admin = new MadminClient({ endpoint: store.url, ...ROOT, fetch: tlsFetch });
  await admin.addCannedPolicy('cert-alice', bucketPolicy('cert-mine'));
  for (const b of ['cert-mine', 'cert-other']) {
    const url = new URL(`${store.url}/${b}`);
    const headers = signRequest({ method: 'PUT', url, ...ROOT, region: 'us-east-1', service: 's3' });
    expect((await tlsFetch(url.toString(), { method: 'PUT', headers })).status).toBe(200);
  }
  program = await buildGo;
}, 300_000);

afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('AssumeRoleWithCertificate', { timeout: 120_000 }, () => {
  it('is refused while identity_tls is off, and works once it is saved on, without a restart', async () => {
    const off = await sts(store.url, client.alice as TestKeyPair);
    expect(off.status).toBe(503);
    expect(xmlText(off.body, 'Code')).toBe('STSNotInitialized');
    expect(xmlText(off.body, 'Message')).toContain('identity_tls');

    await setIdentityTls('enable=on');
    const on = await sts(store.url, client.alice as TestKeyPair);
    expect(on.status, on.body).toBe(200);
    expect(on.body).toContain(
      '<AssumeRoleWithCertificateResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">',
    );
    expect(xmlText(on.body, 'AccessKeyId')).toMatch(/^[A-Z0-9]{20}$/);
    expect(xmlText(on.body, 'SessionToken').split('.')).toHaveLength(3);

    await setIdentityTls('enable=off');
    expect((await sts(store.url, client.alice as TestKeyPair)).status).toBe(503);
    await setIdentityTls('enable=on');
  });

  it('issues credentials held to the policy named by the CN, never outliving the certificate', async () => {
    const year = await sts(store.url, client.alice as TestKeyPair, `${ACTION}&DurationSeconds=31536000`);
    expect(year.status, year.body).toBe(200);
    const expiration = Date.parse(xmlText(year.body, 'Expiration'));
    const notAfter = Date.parse(new X509Certificate(client.alice?.cert as Buffer).validTo);
    expect(expiration).toBeLessThanOrEqual(notAfter);

    const u = new URL(store.url);
    const s3 = new Minio.Client({
      endPoint: u.hostname,
      port: Number(u.port),
      useSSL: true,
      accessKey: xmlText(year.body, 'AccessKeyId'),
      secretKey: xmlText(year.body, 'SecretAccessKey'),
      sessionToken: xmlText(year.body, 'SessionToken'),
      region: 'us-east-1',
      transportAgent: new https.Agent({ ca: certs.ca }),
    });
    await s3.putObject('cert-mine', 'hello.txt', Buffer.from('hello from a certificate'));
    const back = await s3.getObject('cert-mine', 'hello.txt');
    expect(Buffer.concat(await back.toArray()).toString()).toBe('hello from a certificate');
    await expect(s3.putObject('cert-other', 'hello.txt', Buffer.from('no'))).rejects.toMatchObject({
      code: 'AccessDenied',
    });
  });

  it('answers clear STS errors for what a client gets wrong', async () => {
    const cases: Array<[TestKeyPair | null, string, number, string, RegExp]> = [
      [null, ACTION, 400, 'MissingParameter', /No client certificate provided/],
      [
        client.untrusted ?? null,
        ACTION,
        400,
        'InvalidClientCertificate',
        /no CA of this server trusts it \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)/,
      ],
      [client.expired ?? null, ACTION, 400, 'InvalidClientCertificate', /expired/],
      [
        client['server-only'] ?? null,
        ACTION,
        400,
        'InvalidClientCertificate',
        /extended key usage does not allow client authentication/,
      ],
      [client['no-cn'] ?? null, ACTION, 400, 'MissingParameter', /CN cannot be empty/],
      [client.nobody ?? null, ACTION, 403, 'AccessDenied', /cert-nobody/],
      [client.alice ?? null, `${ACTION}&DurationSeconds=60`, 400, 'InvalidParameterValue', /DurationSeconds/],
    ];
    for (const [pair, query, status, code, message] of cases) {
      const r = await sts(store.url, pair, query);
      const what = `${pair ? path.basename(pair.certFile) : 'no certificate'} ${query}`;
      expect(r.status, `${what}: ${r.body}`).toBe(status);
      expect(xmlText(r.body, 'Code'), what).toBe(code);
      expect(xmlText(r.body, 'Message'), what).toMatch(message);
      expect(xmlText(r.body, 'AccessKeyId'), what).toBe('');
    }
  });

  it('skip_verify trusts an unverified certificate, but still wants client-auth usage and validity', async () => {
    await setIdentityTls('enable=on skip_verify=on');
    try {
      const untrusted = await sts(store.url, client.untrusted as TestKeyPair);
      expect(untrusted.status, untrusted.body).toBe(200);
      const serverOnly = await sts(store.url, client['server-only'] as TestKeyPair);
      expect(xmlText(serverOnly.body, 'Message')).toBe('certificate is not valid for client authentication');
      const expired = await sts(store.url, client.expired as TestKeyPair);
      expect(xmlText(expired.body, 'Code')).toBe('InvalidClientCertificate');
      expect(xmlText(expired.body, 'Message')).toMatch(/expired/);
    } finally {
      await setIdentityTls('enable=on skip_verify=off');
    }
  });

  it('needs TLS: over plain HTTP (enabled by MINIO_IDENTITY_TLS_ENABLE) the answer is InsecureConnection', async () => {
    const plain = await startStore({
      dataDir: path.join(dir, 'plain'),
      drives: 1,
      port: 0,
      host: '127.0.0.1',
      rootUser: ROOT.accessKey,
      rootPassword: ROOT.secretKey,
      env: { MINIO_IDENTITY_TLS_ENABLE: 'on' },
    });
    try {
      const r = await fetch(`${plain.url}/?${ACTION}`, { method: 'POST' });
      const body = await r.text();
      expect(r.status, body).toBe(400);
      expect(xmlText(body, 'Code')).toBe('InsecureConnection');
    } finally {
      await plain.close();
    }
  });
});

describe("minio-go's STSCertificateIdentity", { timeout: 120_000 }, () => {
  async function run(...args: string[]): Promise<string> {
    return (await program.run([store.url, ...args], '')).toString();
  }

  it('signs in with a client certificate and writes only where the CN policy allows', async () => {
    await setIdentityTls('enable=on');
    const a = client.alice as TestKeyPair;
    const out = await run('cert', certs.caFile, a.certFile, a.keyFile, 'cert-mine', 'cert-other');
    expect(out).toContain('PASS cert-retrieve');
    expect(out).toContain('PASS cert-put-allowed');
    expect(out).toContain('PASS cert-get-allowed');
    expect(out).toContain('PASS cert-put-denied');
  });

  it('gets no credentials with an expired certificate, nor offers one no CA of the server issued', async () => {
    const expired = client.expired as TestKeyPair;
    expect(await run('cert-refused', certs.caFile, expired.certFile, expired.keyFile)).toMatch(
      /INFO .*InvalidClientCertificate: .*expired[\s\S]*PASS cert-refused/,
    );
    // Go offers only a certificate issued by a CA the server's certificate request names.
    const untrusted = client.untrusted as TestKeyPair;
    expect(await run('cert-refused', certs.caFile, untrusted.certFile, untrusted.keyFile)).toMatch(
      /INFO .*MissingParameter: No client certificate provided[\s\S]*PASS cert-refused/,
    );
  });
});
