// SPDX-License-Identifier: Apache-2.0
import type { WebSocket } from 'ws';

/** Unsent bytes a live socket may queue before messages are dropped. */
const MAX_BUFFERED = 4 * 1024 * 1024;

/**
 * Relays a stream from the store to a browser socket: each value becomes one JSON message (null from
 * `toMessage` skips it). The stream is aborted when the socket closes; when the stream ends the socket
 * closes with 1000, when it fails with 1011 and the reason (a close reason holds at most 123 bytes). A
 * browser reading slower than values arrive loses messages rather than filling the console's memory.
 */
export function relayToSocket<T>(
  socket: WebSocket,
  open: (signal: AbortSignal) => AsyncIterable<T>,
  toMessage: (value: T) => unknown,
  /** The close reason when the stream ends by itself (e.g. 'The heal finished.'). */
  endReason = 'The server ended the stream.',
): void {
  const abort = new AbortController();
  socket.on('close', () => abort.abort());
  const close = (code: number, reason: string): void => {
    if (!abort.signal.aborted) socket.close(code, Buffer.from(reason).subarray(0, 120).toString());
  };
  void (async () => {
    try {
      for await (const value of open(abort.signal)) {
        const message = toMessage(value);
        if (message !== null && socket.bufferedAmount < MAX_BUFFERED) socket.send(JSON.stringify(message));
      }
      close(1000, endReason);
    } catch (err) {
      close(1011, err instanceof Error ? err.message : String(err));
    }
  })();
}
