// SPDX-License-Identifier: Apache-2.0
import type { WebSocket, WebSocketServer } from 'ws';

/** How often a live socket is pinged (spec 3 §9: keep-alive every 10 seconds). */
export const LIVE_KEEPALIVE_MS = 10_000;

/** The close code and reason every live socket gets when the console itself stops. */
export const SHUTDOWN_CLOSE = { code: 1001, reason: 'The console is shutting down.' } as const;

/**
 * Keeps every live socket (trace, logs, watch, heal, diagnostics) open through proxies that cut idle
 * connections: a ping frame every `intervalMs` (browsers answer pings by themselves). Anything from the
 * client (its pong, or the 'ok' the web app sends every 10 seconds) shows it is still there; a socket
 * silent for two intervals is gone and is dropped, which ends the stream it was relaying.
 */
export function keepLiveSocketsAlive(server: WebSocketServer, intervalMs: number): void {
  server.on('connection', (socket: WebSocket) => {
    let heard = true;
    const hear = (): void => {
      heard = true;
    };
    socket.on('pong', hear);
    socket.on('message', hear);
    const timer = setInterval(() => {
      if (!heard) {
        socket.terminate();
        return;
      }
      heard = false;
      socket.ping();
    }, intervalMs);
    timer.unref();
    socket.on('close', () => clearInterval(timer));
  });
}

/** Closes every live socket with 1001 and a reason the page can show, then the socket server. */
export function closeLiveSockets(server: WebSocketServer, done: () => void): void {
  for (const client of server.clients) client.close(SHUTDOWN_CLOSE.code, SHUTDOWN_CLOSE.reason);
  server.close(() => done());
}
