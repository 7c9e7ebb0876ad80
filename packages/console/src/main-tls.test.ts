// SPDX-License-Identifier: Apache-2.0
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestCerts, type TestCerts, tlsClient } from '../../store/src/cli/testing/test-certs.js';

/**
 * `npm start` with STOWAGE_CERTS_DIR (the built main.js as a child process): the console and its
 * embedded store serve HTTPS, the console signs in against its store over TLS, the session cookie is
 * Secure, and SSE-C works on the store without STOWAGE_SSE_C_ALLOW_HTTP.
 */

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');
const USER = 'console-tls-root';
const PASSWORD = 'console-tls-secret';
let dir: string;
let certs: TestCerts;
let child: ChildProcess;
let consoleUrl: string;
let storeUrl: string;
let dispatcher: Agent;

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-console-tls-'));
  certs = await makeTestCerts(dir);
  dispatcher = new Agent({ connect: { ca: certs.ca } });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONSOLE_PORT: String(await freePort()),
    STOWAGE_S3_PORT: String(await freePort()),
    CONSOLE_HOST: '127.0.0.1',
    STOWAGE_DATA_DIR: path.join(dir, 'data'),
    STOWAGE_CERTS_DIR: certs.certsDir,
    MINIO_ROOT_USER: USER,
    MINIO_ROOT_PASSWORD: PASSWORD,
  };
  delete env.STOWAGE_SSE_C_ALLOW_HTTP;
  child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the console exited (${code}):\n${out}`)));
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const con = /^Stowage console: (\S+)$/m.exec(out)?.[1];
      const store = /^Embedded store \(S3 API\): (\S+)/m.exec(out)?.[1];
      if (con && store) {
        consoleUrl = con;
        storeUrl = store;
        resolve();
      }
    });
  });
}, 120_000);
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await dispatcher?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm start with STOWAGE_CERTS_DIR', () => {
  it('serves the console and the store over HTTPS only', async () => {
    expect(consoleUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(storeUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const strategy = await undiciFetch(`${consoleUrl}/api/v1/login`, { dispatcher });
    expect(strategy.status).toBe(200);
    const plain = await fetch(`${consoleUrl.replace('https://', 'http://')}/api/v1/login`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect(plain).not.toBe(200);
  });

  it('signs in against its store over TLS and sets a Secure session cookie', async () => {
    const res = await undiciFetch(`${consoleUrl}/api/v1/login`, {
      dispatcher,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessKey: USER, secretKey: PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(204);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/;\s*Secure/i);
    const session = await undiciFetch(`${consoleUrl}/api/v1/session`, {
      dispatcher,
      headers: { cookie: cookie.split(';')[0] as string },
    });
    expect(session.status).toBe(200);
  });

  it('takes SSE-C uploads on the embedded store without STOWAGE_SSE_C_ALLOW_HTTP', async () => {
    const c = tlsClient(storeUrl, USER, PASSWORD, certs.ca);
    await c.makeBucket('ssec');
    const key = Buffer.alloc(32, 7);
    const sse = {
      SSECustomerAlgorithm: 'AES256',
      SSECustomerKey: key.toString('base64'),
      SSECustomerKeyMD5: createHash('md5').update(key).digest('base64'),
    };
    await c.putObject('ssec', 'secret.txt', 'sealed with my key', undefined, {
      'X-Amz-Server-Side-Encryption-Customer-Algorithm': sse.SSECustomerAlgorithm,
      'X-Amz-Server-Side-Encryption-Customer-Key': sse.SSECustomerKey,
      'X-Amz-Server-Side-Encryption-Customer-Key-MD5': sse.SSECustomerKeyMD5,
    });
    // Without the key the object is refused; with it, it reads back.
    await expect(c.statObject('ssec', 'secret.txt')).rejects.toThrow();
    const parts: Buffer[] = [];
    for await (const chunk of await c.getObject('ssec', 'secret.txt', sse)) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).toString()).toBe('sealed with my key');
  });
});
