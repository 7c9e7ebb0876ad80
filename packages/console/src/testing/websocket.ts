import WebSocket from 'ws';

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
