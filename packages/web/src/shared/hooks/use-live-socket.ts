// SPDX-License-Identifier: Apache-2.0
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { withBasePath } from '../api/base-path';

/** At most this many rows are kept; older ones drop off the end so a busy server cannot fill memory. */
export const maxLiveRows = 1000;

/** The client's keep-alive: 'ok' on open and every 10 seconds (spec 3 §7). */
export const clientKeepAliveMs = 10_000;

/** What the page says when the server closed the socket (the reason it gave, else what the code means). */
export function serverCloseText(code: number, reason: string): string {
  if (reason) return reason;
  if (code === 1000) return 'The server ended the stream.';
  if (code === 1001) return 'The console is shutting down.';
  return 'The connection could not be opened or was cut off.';
}

export type LiveState = 'stopped' | 'connecting' | 'started';

/** A received message and its arrival number, the row's stable key. */
export interface LiveRow<T> {
  id: number;
  message: T;
}

/** The newest row first, at most `max` kept. */
export function withNewest<T>(rows: readonly T[], row: T, max = maxLiveRows): T[] {
  return [row, ...rows.slice(0, max - 1)];
}

/** ws:// or wss:// URL of a console socket path (with its query) under the app's base path. */
export function liveSocketUrl(pathAndQuery: string, location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${withBasePath(pathAndQuery)}`;
}

/**
 * One live tool's socket (spec 3 §4: stopped, then started when the connection opens, back to stopped on
 * Stop or when the server closes it). Messages are checked with `schema`; the newest come first. A close
 * the user did not ask for leaves its reason in `closedWith`.
 */
export function useLiveSocket<S extends z.ZodType>(schema: S) {
  type T = z.infer<S>;
  const [state, setState] = useState<LiveState>('stopped');
  const [rows, setRows] = useState<LiveRow<T>[]>([]);
  const [everStarted, setEverStarted] = useState(false);
  const [closedWith, setClosedWith] = useState<string | null>(null);
  /** The code of the server's close (1000 when the stream ended normally), null until it closes one. */
  const [closeCode, setCloseCode] = useState<number | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const received = useRef(0);

  useEffect(() => () => socket.current?.close(1000), []);

  const start = useCallback(
    (pathAndQuery: string): void => {
      socket.current?.close(1000);
      setRows([]);
      setClosedWith(null);
      setCloseCode(null);
      setEverStarted(true);
      setState('connecting');
      const ws = new WebSocket(liveSocketUrl(pathAndQuery, window.location));
      socket.current = ws;
      let keepAlive: ReturnType<typeof setInterval> | undefined;
      ws.onopen = () => {
        setState('started');
        ws.send('ok');
        keepAlive = setInterval(() => ws.send('ok'), clientKeepAliveMs);
      };
      ws.onmessage = (event) => {
        let data: unknown;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const parsed = schema.safeParse(data);
        if (!parsed.success) return;
        const row = { id: ++received.current, message: parsed.data as T };
        setRows((r) => withNewest(r, row));
      };
      ws.onclose = (event) => {
        clearInterval(keepAlive);
        // A close the user asked for (Stop, leaving the page) has already let go of the socket.
        if (socket.current !== ws) return;
        socket.current = null;
        setState('stopped');
        setClosedWith(serverCloseText(event.code, event.reason));
        setCloseCode(event.code);
      };
    },
    [schema],
  );

  const stop = useCallback((): void => {
    const ws = socket.current;
    socket.current = null;
    ws?.close(1000);
    setState('stopped');
  }, []);

  return {
    state,
    rows,
    everStarted,
    closedWith,
    closeCode,
    start,
    stop,
    dismiss: () => setClosedWith(null),
  };
}
