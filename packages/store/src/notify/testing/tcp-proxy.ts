// SPDX-License-Identifier: Apache-2.0
import net from 'node:net';

/**
 * A TCP forwarder in front of a real server, for tests: `stop()` makes the server unreachable to the
 * store (connections cut, new ones refused) while it keeps running for the test's own reader; `start()`
 * brings it back on the same port.
 */
export class TcpProxy {
  readonly #upstream: { host: string; port: number };
  #server: net.Server | undefined;
  readonly #sockets = new Set<net.Socket>();
  #port = 0;

  constructor(upstream: { host: string; port: number }) {
    this.#upstream = upstream;
  }

  get port(): number {
    return this.#port;
  }

  get address(): string {
    return `127.0.0.1:${this.#port}`;
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.#upstream.port, this.#upstream.host);
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on('close', () => this.#sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const s of this.#sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
