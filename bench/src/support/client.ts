// SPDX-License-Identifier: Apache-2.0
import http from 'node:http';
import { Readable } from 'node:stream';
import { signRequest, UNSIGNED_PAYLOAD } from '@stowage/madmin';

/**
 * The one lean S3 client every target is measured with: keep-alive HTTP, SigV4 with UNSIGNED-PAYLOAD
 * (so the client spends no CPU hashing bodies), bodies streamed. The raw target ignores the signature.
 */
export class BenchClient {
  /**
   * Idle sockets are dropped after 3 s, before a server's keep-alive timeout (the store's is 5 s) closes
   * them. Otherwise a socket left idle while the other targets take their turn could be reused at the
   * moment the server closes it: the request then fails with ECONNRESET "socket hang up" (it once
   * stopped a whole fresh-clone bench run before its first phase).
   */
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 3_000 });

  constructor(
    private readonly endpoint: string,
    private readonly accessKey: string,
    private readonly secretKey: string,
  ) {}

  request(
    method: string,
    pathAndQuery: string,
    body?: Readable | Buffer,
    size?: number,
    /** Count a successful response's bytes without keeping them (object GETs). */
    discardBody = false,
    /** Extra headers, sent unsigned (e.g. Content-MD5). */
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; body: Buffer | null; bytes: number }> {
    const url = new URL(pathAndQuery, this.endpoint);
    const headers = signRequest({
      method,
      url,
      payloadHash: UNSIGNED_PAYLOAD,
      accessKey: this.accessKey,
      secretKey: this.secretKey,
      region: 'us-east-1',
      service: 's3',
    });
    const length = Buffer.isBuffer(body) ? body.length : (size ?? 0);
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method,
          agent: this.agent,
          headers: { ...headers, ...extraHeaders, 'content-length': String(length) },
        },
        (res) => {
          const keep = !discardBody || (res.statusCode ?? 0) >= 300;
          const chunks: Buffer[] = [];
          let bytes = 0;
          res.on('data', (c: Buffer) => {
            bytes += c.length;
            if (keep) chunks.push(c);
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: keep ? Buffer.concat(chunks) : null, bytes }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (body === undefined) req.end();
      else if (Buffer.isBuffer(body)) req.end(body);
      else body.pipe(req);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A stream of `size` bytes cut from a random block, so generating data costs the client nothing. */
export function randomStream(size: number, block: Buffer): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      const n = Math.min(block.length, size - sent);
      sent += n;
      this.push(n === block.length ? block : block.subarray(0, n));
    },
  });
}
