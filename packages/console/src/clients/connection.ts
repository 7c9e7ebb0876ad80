// SPDX-License-Identifier: Apache-2.0
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * How the console connects to the storage server (issue 24): the TLS trust (a CA bundle, or no check for
 * labs), the addressing style of the S3 SDK, and how long a connection attempt (and, at sign-in, an answer)
 * may take. Every client of the server — the `minio` SDK, madmin for the admin API and STS — gets its
 * transport from here, so a custom CA or a timeout applies to all of them alike.
 */
export interface ConnectionOptions {
  /** PEM CA bundle trusted for the server's certificate (in addition to Node's own roots). */
  ca?: string;
  /** Accept any certificate (labs only). */
  skipTlsVerification?: boolean;
  /** How long connecting may take, and at sign-in how long the server may take to answer; 10 s by default. */
  timeoutMs?: number;
  /** Path-style (`host/bucket/key`, the default) or virtual-host (`bucket.host/key`) addressing. */
  pathStyle?: boolean;
}

/** The `transport` shape the `minio` SDK calls: `request(options, callback)` like node:http(s). */
export interface S3Transport {
  request(options: RequestOptions, callback: (res: IncomingMessage) => void): ClientRequest;
}

export interface StoreConnection {
  readonly timeoutMs: number;
  readonly pathStyle: boolean;
  /** fetch for madmin (admin API, STS), with the CA, verification and connect timeout. */
  readonly fetch: typeof fetch;
  /** node:http(s) agent for the `minio` SDK, with the CA and verification. */
  readonly agent: http.Agent;
  /** Transport of session requests: connecting is bounded, answers are not (a big listing may take long). */
  readonly transport: S3Transport;
  /** Transport of sign-in requests: connecting and the answer's headers are both bounded. */
  readonly signInTransport: S3Transport;
  /** Closes the pooled connections (when the console stops). */
  close(): Promise<void>;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

function timeoutError(what: string, ms: number): Error {
  return Object.assign(new Error(`${what} within ${ms} ms`), { code: 'ETIMEDOUT' });
}

/**
 * Wraps node:http(s) `request` so that a connection not made within `timeoutMs` fails with ETIMEDOUT,
 * and (when `answerTimeout`) so does a request whose answer has not begun `timeoutMs` after it was sent.
 * The time a body takes to upload or download is never bounded: a slow browser must not cut a transfer.
 */
function boundedTransport(base: typeof http | typeof https, timeoutMs: number, answerTimeout: boolean) {
  return {
    request(options: RequestOptions, callback: (res: IncomingMessage) => void): ClientRequest {
      const req = base.request(options, callback);
      let timer: NodeJS.Timeout | undefined;
      const stop = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
      };
      const arm = (what: string): void => {
        stop();
        timer = setTimeout(() => req.destroy(timeoutError(what, timeoutMs)), timeoutMs);
        timer.unref();
      };
      arm('no connection');
      req.once('socket', (socket: Socket) => {
        if (!socket.connecting) stop();
        else socket.once(base === https ? 'secureConnect' : 'connect', stop);
      });
      if (answerTimeout) req.once('finish', () => arm('no answer'));
      req.once('response', stop);
      req.once('close', stop);
      return req;
    },
  };
}

export function createConnection(useSSL: boolean, options: ConnectionOptions = {}): StoreConnection {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  // Node's own roots stay trusted alongside the bundle, as with NODE_EXTRA_CA_CERTS.
  const tls = {
    ...(options.ca === undefined ? {} : { ca: [...rootCertificates, options.ca] }),
    rejectUnauthorized: options.skipTlsVerification !== true,
  };
  const dispatcher = new Agent({ connect: { timeout: timeoutMs, ...tls } });
  const boundFetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher } as never)) as unknown as typeof fetch;
  const base = useSSL ? https : http;
  // Node's shared agents unless the TLS trust differs from Node's own.
  const ownAgent = useSSL && (options.ca !== undefined || options.skipTlsVerification === true);
  const agent = ownAgent
    ? new https.Agent({ keepAlive: true, ...tls })
    : useSSL
      ? https.globalAgent
      : http.globalAgent;
  return {
    timeoutMs,
    pathStyle: options.pathStyle !== false,
    fetch: boundFetch,
    agent,
    transport: boundedTransport(base, timeoutMs, false),
    signInTransport: boundedTransport(base, timeoutMs, true),
    async close() {
      if (ownAgent) agent.destroy();
      // destroy, not close: a live stream still open must not hold up the console's shutdown.
      await dispatcher.destroy();
    },
  };
}
