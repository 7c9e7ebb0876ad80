// SPDX-License-Identifier: Apache-2.0
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { apiErrorSchema, inspectKeyHeader } from '@stowage/contracts';
import { SioError, sioDecryptStream } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../session/session-cookie.js';
import { type ConsoleHarness, startConsoleHarness } from '../../testing/console-harness.js';
import { unzip } from '../../testing/unzip.js';

// GET /api/v1/admin/inspect (Tools → Inspect): the store's raw files of an object as a plain zip, or
// sealed with a one-time key given in the answer's header; errors as {errorMessage, detailedError}.
const BUCKET = 'cases';
const BODY = Buffer.alloc(1024 * 1024 + 5, 7);

describe('inspect through the console', () => {
  let h: ConsoleHarness;
  let token: string;
  const get = (url: string, cookie = token) =>
    h.app.inject({ method: 'GET', url, cookies: { [SESSION_COOKIE]: cookie } });

  beforeAll(async () => {
    h = await startConsoleHarness();
    await h.s3.makeBucket(BUCKET);
    await h.s3.putObject(BUCKET, 'one/big.bin', BODY);
    token = await h.login();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('sends the zip opened: every drive has the catalog row and the shard file', async () => {
    const res = await get(`/api/v1/admin/inspect?volume=${BUCKET}&file=one/big.bin`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="inspect\.[0-9a-f]{8}\.zip"/,
    );
    expect(res.headers[inspectKeyHeader]).toBeUndefined();
    const files = await unzip(res.rawPayload);
    expect([...files.keys()].filter((n) => n.endsWith('/cases/one/big.bin/catalog-row.json'))).toHaveLength(
      4,
    );
    expect([...files.keys()].filter((n) => /\/part\.1$/.test(n))).toHaveLength(4);
  });

  it('with Encrypt, sends the sealed file and its key once; only that key opens it', async () => {
    const res = await get(`/api/v1/admin/inspect?volume=${BUCKET}&file=one/*&encrypt=true`);
    expect(res.statusCode).toBe(200);
    const header = String(res.headers[inspectKeyHeader]);
    expect(header).toMatch(/^[0-9a-f]{72}$/);
    const id = header.slice(0, 8);
    expect(String(res.headers['content-disposition'])).toContain(`inspect.${id}.enc`);
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).not.toBe('PK');
    const key = Buffer.from(header.slice(8), 'hex');
    const zip = await buffer(Readable.from([res.rawPayload]).pipe(sioDecryptStream(key)));
    expect((await unzip(zip)).has('inspect-input.txt')).toBe(true);
    const other = await get(`/api/v1/admin/inspect?volume=${BUCKET}&file=one/*&encrypt=true`);
    const otherKey = Buffer.from(String(other.headers[inspectKeyHeader]).slice(8), 'hex');
    expect(otherKey.equals(key)).toBe(false);
    await expect(
      buffer(Readable.from([res.rawPayload]).pipe(sioDecryptStream(otherKey))),
    ).rejects.toBeInstanceOf(SioError);
  });

  it('answers 404 with the reason for a path that matches nothing, 400 for a missing path, 403 without the right', async () => {
    const none = await get(`/api/v1/admin/inspect?volume=${BUCKET}&file=nothing*`);
    expect(none.statusCode).toBe(404);
    const body = apiErrorSchema.parse(none.json());
    expect(body.detailedError).toBe('GetRawData: No files matched the given pattern');
    expect((await get(`/api/v1/admin/inspect?volume=${BUCKET}&file=`)).statusCode).toBe(400);
    await h.admin.addUser('no-inspect', 'no-inspect-secret');
    await h.admin.setPolicy('readwrite', 'no-inspect', false);
    const cookie = await h.login('no-inspect', 'no-inspect-secret');
    expect((await get(`/api/v1/admin/inspect?volume=${BUCKET}&file=one/big.bin`, cookie)).statusCode).toBe(
      403,
    );
  });
});
