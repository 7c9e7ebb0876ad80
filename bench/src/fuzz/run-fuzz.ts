// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { signRequest, UNSIGNED_PAYLOAD } from '@stowage/madmin';
import { startStore } from '@stowage/store';
import fc from 'fast-check';
import { BenchClient } from '../support/client.js';
import { ESCAPE, type FuzzRequest, fuzzRequest } from './inputs.js';

/**
 * Sends generated requests (./inputs.ts) to a store started here and checks every answer: a well-formed
 * HTTP response whose errors are S3 errors (XML with a Code, or the admin API's JSON), never a 5xx other
 * than 503 SlowDown, the store still answering afterwards, and nothing written outside its data folder.
 */

const USER = 'fuzzroot';
const SECRET = 'fuzzroot-secret-key';
const CONCURRENCY = 16;

export interface FuzzResult {
  runs: number;
  statuses: Record<string, number>;
  failures: { request: string; problem: string }[];
}

interface Answer {
  status: number;
  /** The store's S3 layer answered (its request id is there), not Node's HTTP parser. */
  fromStore: boolean;
  body: string;
}

function encodeChunked(body: Buffer, sizes: number[]): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const size of sizes) {
    const chunk = body.subarray(at, at + size);
    at += chunk.length;
    if (chunk.length === 0) break;
    parts.push(
      Buffer.from(`${chunk.length.toString(16)};chunk-signature=${randomBytes(32).toString('hex')}\r\n`),
    );
    parts.push(chunk, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`0;chunk-signature=${randomBytes(32).toString('hex')}\r\n\r\n`));
  return Buffer.concat(parts);
}

/** SigV4 headers for the request, or the unsigned ones where the client cannot sign the path. */
function signed(
  method: string,
  url: URL,
  payloadHash: string,
  headers: Record<string, string>,
): Record<string, string> {
  try {
    return signRequest({
      method,
      url,
      payloadHash,
      headers,
      accessKey: USER,
      secretKey: SECRET,
      region: 'us-east-1',
      service: 's3',
    });
  } catch {
    return headers;
  }
}

/** The bytes on the wire for a generated request. */
function wire(req: FuzzRequest, host: string): Buffer {
  if (req.raw) return req.raw;
  const headers: Record<string, string> = Object.fromEntries(req.headers);
  let body = req.body;
  let target = req.target;
  let payloadHash = UNSIGNED_PAYLOAD;
  if (req.chunked) {
    payloadHash = 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD';
    headers['content-encoding'] = 'aws-chunked';
    headers['x-amz-decoded-content-length'] = String(body.length);
    body = encodeChunked(body, req.chunked);
  } else if (req.body.length % 2 === 0) {
    payloadHash = createHash('sha256').update(req.body).digest('hex');
  }
  let all: Record<string, string> = headers;
  if (req.sign) {
    let url: URL;
    try {
      url = new URL(req.target, `http://${host}`);
    } catch {
      url = new URL('/', `http://${host}`);
    }
    target = `${url.pathname}${url.search}`;
    all = signed(req.method, url, payloadHash, headers);
  }
  const lines = [`${req.method} ${target} HTTP/1.1`, `Host: ${host}`];
  for (const [k, v] of Object.entries(all)) lines.push(`${k}: ${v}`);
  lines.push(`Content-Length: ${body.length}`, 'Connection: close', '', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]);
}

/** Send bytes on a fresh connection and read the answer until the server closes it. */
function exchange(port: number, bytes: Buffer, halfClose: boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // A request asks the server to close once it has answered; raw bytes (maybe not even a request)
    // are followed by a half-close instead.
    const socket = net.connect(port, '127.0.0.1', () =>
      halfClose ? socket.end(bytes) : socket.write(bytes),
    );
    socket.setTimeout(15_000, () => socket.destroy(new Error('no answer within 15 s')));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (err: NodeJS.ErrnoException) =>
      // The server may close a malformed request's connection while it is still being written.
      err.code === 'ECONNRESET' || err.code === 'EPIPE' ? resolve(Buffer.concat(chunks)) : reject(err),
    );
    socket.on('close', () => resolve(Buffer.concat(chunks)));
  });
}

/** The final answer (after any interim 1xx, such as 100 Continue). */
function parse(bytes: Buffer): Answer | null {
  let text = bytes.toString('latin1');
  for (;;) {
    const m = /^HTTP\/1\.1 (\d{3}) /.exec(text);
    if (!m) return null;
    const split = text.indexOf('\r\n\r\n');
    const status = Number(m[1]);
    const fromStore = /\r\nx-amz-request-id:/i.test(split < 0 ? text : text.slice(0, split));
    if (status >= 200 || split < 0)
      return { status, fromStore, body: split < 0 ? '' : text.slice(split + 4) };
    text = text.slice(split + 4);
  }
}

/** What is wrong with an answer, or null when it is a well-formed success or S3 error. */
function problemWith(req: FuzzRequest, bytes: Buffer): string | null {
  const answer = parse(bytes);
  if (!answer) {
    // A connection closed without an answer is fair only for bytes that are not HTTP.
    return req.raw && bytes.length === 0
      ? null
      : `not an HTTP response: ${JSON.stringify(bytes.subarray(0, 80).toString('latin1'))}`;
  }
  const notImplemented =
    answer.status === 501 && (req.method === 'HEAD' || answer.body.includes('<Code>NotImplemented</Code>'));
  if (answer.status >= 500 && answer.status !== 503 && !notImplemented) {
    return `status ${answer.status}: ${answer.body.slice(0, 300)}`;
  }
  // HTTP framing errors answered by Node's HTTP parser before the S3 layer (a malformed request line, an
  // unknown method, an Expect other than 100-continue) carry no S3 body; neither do answers to HEAD.
  if (answer.status < 400 || !answer.fromStore || req.method === 'HEAD') return null;
  const chunkedBody = /^[0-9a-f]+\r\n/i.test(answer.body)
    ? answer.body.replace(/^[0-9a-f]+\r\n/i, '')
    : answer.body;
  if (/<Error>[\s\S]*<Code>[^<]+<\/Code>/.test(chunkedBody)) return null;
  if (/"Code"\s*:\s*"[^"]+"/.test(chunkedBody)) return null;
  return `error ${answer.status} without an S3 error body: ${answer.body.slice(0, 200)}`;
}

async function namesWith(dir: string, marker: string): Promise<string[]> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  return entries.filter((n) => n.includes(marker));
}

export async function runFuzz(opts: {
  runs: number;
  seed?: number;
  onProgress?: (done: number) => void;
}): Promise<FuzzResult> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'stowage-fuzz-'));
  const dataDir = path.join(root, 'data');
  const tmpBefore = await namesWith(os.tmpdir(), ESCAPE);
  const store = await startStore({
    dataDir,
    drives: 4,
    port: 0,
    host: '127.0.0.1',
    rootUser: USER,
    rootPassword: SECRET,
  });
  const result: FuzzResult = { runs: 0, statuses: {}, failures: [] };
  try {
    const port = Number(new URL(store.url).port);
    const host = `127.0.0.1:${port}`;
    const client = new BenchClient(store.url, USER, SECRET);
    for (const b of ['fuzz', 'fuzz-versioned']) {
      await client.request('PUT', `/${b}`);
      await client.request('PUT', `/${b}/seed/object`, Buffer.from('seed'));
    }
    await client.request(
      'PUT',
      '/fuzz-versioned?versioning',
      Buffer.from('<VersioningConfiguration><Status>Enabled</Status></VersioningConfiguration>'),
    );
    const batch = 2000;
    let seed = opts.seed ?? Date.now();
    while (result.runs < opts.runs) {
      const requests = fc.sample(fuzzRequest, {
        numRuns: Math.min(batch, opts.runs - result.runs),
        seed: seed++,
      });
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < requests.length) {
            const req = requests[next++] as FuzzRequest;
            const bytes = await exchange(port, wire(req, host), req.raw !== undefined).catch((err: Error) =>
              Buffer.from(`(${err.message})`),
            );
            const status = parse(bytes)?.status ?? 'closed';
            result.statuses[status] = (result.statuses[status] ?? 0) + 1;
            const problem = problemWith(req, bytes);
            if (problem && result.failures.length < 50) {
              result.failures.push({
                request: req.raw
                  ? JSON.stringify(req.raw.toString('latin1'))
                  : `${req.method} ${req.target} ${JSON.stringify(req.headers)} chunked=${String(req.chunked)} body=${JSON.stringify(req.body.toString('latin1').slice(0, 120))}`,
                problem,
              });
            }
          }
        }),
      );
      result.runs += requests.length;
      opts.onProgress?.(result.runs);
    }
    // Still serving, and the seed objects are intact.
    const seedObject = await client.request('GET', '/fuzz/seed/object');
    if (seedObject.status !== 200 || seedObject.body?.toString() !== 'seed') {
      result.failures.push({
        request: 'GET /fuzz/seed/object after the run',
        problem: `answered ${seedObject.status}`,
      });
    }
    client.close();
  } finally {
    await store.close();
  }
  // Nothing outside the data folder: the fuzz root holds only it, and no marked name appeared in tmp.
  const outside = (await readdir(root)).filter((n) => n !== 'data');
  if (outside.length > 0)
    result.failures.push({
      request: '(all)',
      problem: `written outside the data folder: ${outside.join(', ')}`,
    });
  const escaped = (await namesWith(os.tmpdir(), ESCAPE)).filter((n) => !tmpBefore.includes(n));
  if (escaped.length > 0)
    result.failures.push({ request: '(all)', problem: `written in ${os.tmpdir()}: ${escaped.join(', ')}` });
  await rm(root, { recursive: true, force: true });
  return result;
}
