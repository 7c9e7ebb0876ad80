// SPDX-License-Identifier: Apache-2.0
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver took. */
export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  /** The JSON documents of the body (one per line). */
  records: Record<string, unknown>[];
}

/**
 * A real HTTP webhook endpoint for tests: records every POST, answers 200; HEAD answers 200 too. It can
 * be stopped and started again on the same port, to play an endpoint that is down for a while.
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  #server: http.Server | undefined;
  #port = 0;
  /** Status answered to POSTs (e.g. 403 to play a wrong token). */
  status = 200;

  get url(): string {
    return `http://127.0.0.1:${this.#port}/webhook`;
  }

  /** Every record received, in arrival order. */
  get records(): Record<string, unknown>[] {
    return this.requests.flatMap((r) => r.records);
  }

  async start(): Promise<void> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'POST' && this.status >= 200 && this.status < 300) {
          const text = Buffer.concat(chunks).toString('utf8');
          const records = text
            .split('\n')
            .filter((l) => l.trim() !== '')
            .map((l) => JSON.parse(l) as Record<string, unknown>);
          this.requests.push({ headers: req.headers, records });
        }
        res.writeHead(req.method === 'POST' ? this.status : 200);
        res.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }
}

/** Polls `check` until it holds (or fails the expectation after about 15 s of polling). */
export async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`Timed out waiting for ${what}`);
}

/** `waitFor` for a check that needs a call (e.g. admin server info). */
export async function waitForAsync(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
