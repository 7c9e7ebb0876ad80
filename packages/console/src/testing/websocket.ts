// SPDX-License-Identifier: Apache-2.0
import WebSocket from 'ws';
import type { AppOptions } from '../app.js';
import { type ConsoleHarness, sessionCookieHeader, startConsoleHarness } from './console-harness.js';

/** A socket that opened, with what it received (parsed JSON) and how it ends. */
export interface OpenedSocket {
  socket: WebSocket;
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * Opens a WebSocket to the console and collects its JSON messages; resolves once it is open, or with the
 * HTTP status when the console refuses the upgrade.
 */
export function openWebSocket(
  url: string,
  headers: Record<string, string>,
): Promise<OpenedSocket | { refused: number }> {
  const socket = new WebSocket(url, { headers });
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return new Promise((resolve) => {
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
  });
}

/** A console on a real port in front of a real store, with one bucket and root's session, for socket tests. */
export interface SocketHarness {
  h: ConsoleHarness;
  /** Cookie header of root's session. */
  rootCookie: string;
  /** Opens `path` (e.g. `/ws/trace?calls=s3`) as root, or with `headers`. */
  open(path: string, headers?: Record<string, string>): Promise<OpenedSocket | { refused: number }>;
  close(): Promise<void>;
}

export async function startSocketHarness(bucket: string, app?: Partial<AppOptions>): Promise<SocketHarness> {
  const h = await startConsoleHarness({ drives: 4, ...(app ? { app } : {}) });
  await h.s3.makeBucket(bucket);
  const base = (await h.listen()).replace(/^http/, 'ws');
  const rootCookie = sessionCookieHeader(await h.login());
  return {
    h,
    rootCookie,
    open: (path, headers = { cookie: rootCookie }) => openWebSocket(`${base}${path}`, headers),
    close: () => h.close(),
  };
}
