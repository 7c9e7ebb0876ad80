// SPDX-License-Identifier: Apache-2.0
/**
 * Test-only helper for the client unit tests: a small local HTTP server that checks what arrives —
 * method, path, query, a valid SigV4 signature (service s3, empty region, x-amz-content-sha256 matching
 * the body) — decrypts encrypted bodies, records every request and answers through a handler the test
 * sets. `useRecordingServer()` registers the hooks: the server starts once per test file, and the
 * record and handler are reset before each test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { MadminClient } from '../client.js';
import { decryptData, encryptData, isEncrypted } from '../crypto.js';
import { computeSignature, parseAuthorization, sha256Hex, signaturesEqual } from '../sigv4.js';

export const AK = 'console-admin';
export const SK = 'console-admin-secret-123';
export const TOKEN = 'eyJhbGciOiJIUzUxMiJ9.session.token';

export interface Seen {
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

export type Handler = (req: Seen, res: ServerResponse) => unknown;

export interface RecordingServer {
  /** Base URL of the server; set once the file's beforeAll has run. */
  endpoint: string;
  /** Requests received during the current test, in order. */
  seen: Seen[];
  /** Answers each request; reset to an empty 200 before each test. */
  handler: Handler;
  /** A client of the server with the admin credentials and pbkdf2-aes-gcm encryption. */
  client(extra?: Partial<ConstructorParameters<typeof MadminClient>[0]>): MadminClient;
  /** The one request the test made. */
  only(): Seen;
}

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

export function useRecordingServer(): RecordingServer {
  let server: Server;
  const sockets = new Set<Socket>();
  const rig: RecordingServer = {
    endpoint: '',
    seen: [],
    handler: (_req, res) => res.end(),
    client: (extra = {}) =>
      new MadminClient({
        endpoint: rig.endpoint,
        accessKey: AK,
        secretKey: SK,
        encryption: 'pbkdf2-aes-gcm',
        ...extra,
      }),
    only: () => {
      expect(rig.seen).toHaveLength(1);
      return rig.seen[0]!;
    },
  };

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
        rig.seen.push(s);
        await rig.handler(s, res);
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
    rig.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((done) => server.close(done));
  });

  beforeEach(() => {
    rig.seen = [];
    rig.handler = (_req, res) => res.end();
  });

  return rig;
}

export async function sendEncrypted(res: ServerResponse, value: unknown): Promise<void> {
  const sealed = await encryptData(SK, JSON.stringify(value), { algorithm: 'pbkdf2-aes-gcm' });
  res.setHeader('content-type', 'application/json');
  res.end(sealed);
}

export function sendJson(res: ServerResponse, value: unknown, status = 200): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(value));
}
