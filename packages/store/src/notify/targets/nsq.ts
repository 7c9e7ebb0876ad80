// SPDX-License-Identifier: Apache-2.0
import net from 'node:net';
import { isOn } from '../../config/registry.js';
import { eventMessage, hostPort, lazyConnection, type TargetModule, withTimeout } from '../target.js';

/**
 * `notify_nsq`: each event published as JSON to `topic` over nsqd's TCP protocol (`  V2`, then `PUB
 * <topic>\n` with a length-prefixed body; nsqd answers `OK` once it has the message). A small client of
 * its own: the protocol needs three frames, and NSQ's Node clients are unmaintained.
 */

const FRAME_RESPONSE = 0;
const FRAME_ERROR = 1;

/** One nsqd connection answering one command at a time (heartbeats are answered with NOP). */
class NsqConnection {
  readonly #socket: net.Socket;
  #buffer = Buffer.alloc(0);
  #waiting: { resolve: (data: string) => void; reject: (err: Error) => void } | undefined;
  #failure: Error | undefined;

  constructor(socket: net.Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    const fail = (err: Error): void => {
      this.#failure = err;
      this.#waiting?.reject(err);
      this.#waiting = undefined;
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('nsqd closed the connection')));
  }

  static open(host: string, port: number): Promise<NsqConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port, timeout: 5000 });
      socket.once('timeout', () =>
        socket.destroy(new Error(`connecting to nsqd at ${host}:${port} timed out`)),
      );
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.setTimeout(0);
        socket.off('error', reject);
        socket.write('  V2');
        resolve(new NsqConnection(socket));
      });
    });
  }

  #read(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    while (this.#buffer.length >= 4) {
      const size = this.#buffer.readUInt32BE(0);
      if (this.#buffer.length < 4 + size) return;
      const type = this.#buffer.readUInt32BE(4);
      const data = this.#buffer.subarray(8, 4 + size).toString('utf8');
      this.#buffer = this.#buffer.subarray(4 + size);
      if (type === FRAME_RESPONSE && data === '_heartbeat_') {
        this.#socket.write('NOP\n');
        continue;
      }
      const waiting = this.#waiting;
      this.#waiting = undefined;
      if (type === FRAME_ERROR) waiting?.reject(new Error(`nsqd: ${data}`));
      else waiting?.resolve(data);
    }
  }

  publish(topic: string, body: string): Promise<string> {
    if (this.#failure) return Promise.reject(this.#failure);
    const payload = Buffer.from(body);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(payload.length);
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#socket.write(Buffer.concat([Buffer.from(`PUB ${topic}\n`), size, payload]));
    });
  }

  get alive(): boolean {
    return !this.#failure;
  }

  close(): void {
    this.#socket.destroy();
  }
}

export const nsq: TargetModule = {
  atomicBatch: false,
  validate(v) {
    if (!v.nsqd_address) return "'nsqd_address' is required";
    if (!/^[.a-zA-Z0-9_-]{1,64}(#ephemeral)?$/.test(v.topic ?? '')) return `invalid NSQ topic '${v.topic}'`;
    if (isOn(v.tls)) return 'TLS to nsqd is not supported by this server';
    return undefined;
  },
  open(v) {
    const { host, port } = hostPort(v.nsqd_address ?? '', 4150);
    const conn = lazyConnection(
      () => NsqConnection.open(host, port),
      (c) => c.close(),
    );
    return {
      send: (events) =>
        conn.with(async (c) => {
          for (const e of events) {
            const answer = await withTimeout(c.publish(v.topic ?? '', eventMessage(e)), 5000, 'NSQ publish');
            if (answer !== 'OK') throw new Error(`nsqd answered '${answer}'`);
          }
        }),
      probe: () =>
        conn.with(async (c) => {
          if (!c.alive) throw new Error('the nsqd connection is closed');
        }),
      close: () => conn.reset(),
    };
  },
};
