// SPDX-License-Identifier: Apache-2.0
import { once } from 'node:events';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { reusableOnceSent } from '../core/sent-memory.js';
import { writeResponse } from './respond.js';

// writeResponse streams a body over a real HTTP connection: every byte arrives, a chunk's memory is
// handed back only after it was written, a client that goes away ends a body that sends nothing
// (a live answer), and a body failing mid-way cuts the connection.

let server: Server | null = null;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = null;
});

async function serve(body: () => Readable): Promise<string> {
  server = createServer((_req, res) => {
    void writeResponse(res, { status: 200, body: body() }, false);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function request(url: string): Promise<IncomingMessage> {
  const req = get(url);
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  // A cut answer is seen on `res` (complete stays false); no error left unhandled on either side.
  req.on('error', () => undefined);
  res.on('error', () => undefined);
  return res;
}

describe('streamed answers', () => {
  it('sends every byte, and gives chunk memory back once written', async () => {
    const given: ArrayBuffer[] = [];
    const chunks = Array.from({ length: 8 }, (_, i) =>
      reusableOnceSent(Buffer.alloc(256 * 1024, i + 1), (m) => given.push(m)),
    );
    const url = await serve(() => Readable.from(chunks));
    const res = await request(url);
    const got: Buffer[] = [];
    for await (const c of res) got.push(c as Buffer);
    const all = Buffer.concat(got);
    expect(all.length).toBe(8 * 256 * 1024);
    for (let i = 0; i < 8; i++) expect(all[i * 256 * 1024 + 1000]).toBe(i + 1);
    expect(given.length).toBe(8);
  });

  it('ends a body that sends nothing when the client goes away', async () => {
    const body = new Readable({ read() {} });
    body.push('first line\n');
    const url = await serve(() => body);
    const res = await request(url);
    await once(res, 'data');
    res.destroy();
    await once(body, 'close');
    expect(body.destroyed).toBe(true);
  });

  it('cuts the connection when the body fails after the headers went out', async () => {
    const url = await serve(
      () =>
        new Readable({
          read() {
            if (this.readableLength === 0 && !this.readableDidRead) this.push(Buffer.alloc(1000, 7));
            else setTimeout(() => this.destroy(new Error('the drive went away')), 20);
          },
        }),
    );
    const res = await request(url);
    res.resume();
    await new Promise((resolve) => res.once('close', resolve));
    // The chunked body never got its end: the client can tell the answer is cut short.
    expect(res.complete).toBe(false);
  });
});
