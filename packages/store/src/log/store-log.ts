// SPDX-License-Identifier: Apache-2.0
import { EventEmitter } from 'node:events';

export type LogLevel = 'ERROR' | 'WARNING' | 'INFO';

/** One entry of the store's log, in madmin's `LogInfo` wire form (PROTOCOL-NOTES §2 `GET /log`). */
export interface LogEntry {
  level: LogLevel;
  errKind: 'MINIO';
  time: string;
  node: string;
  deploymentid: string;
  /** What happened, for people. */
  ConsoleMsg: string;
  api?: { name: string; args?: { bucket?: string; object?: string } };
  requestID?: string;
  error?: { message: string; source: string[] };
}

/** Entries kept for replay to a new `GET /log` subscriber. */
const KEPT = 1000;

function errorTrace(err: unknown): { message: string; source: string[] } {
  if (err instanceof Error) {
    const source = (err.stack ?? '')
      .split('\n')
      .slice(1, 6)
      .map((l) => l.trim());
    return { message: err.message, source };
  }
  return { message: String(err), source: [] };
}

/**
 * The store's log: what went wrong (or changed) in the server itself — drives going offline and coming
 * back, background task failures, internal errors. Entries go to stderr (errors and warnings) and to a
 * ring of the last 1,000, which admin `GET /log` replays and then follows.
 */
export class StoreLog {
  /** `host:port` of this server, set once it listens. */
  node = '';
  deploymentId = '';
  readonly #kept: LogEntry[] = [];
  readonly #bus = new EventEmitter().setMaxListeners(0);

  error(message: string, opts: { err?: unknown; api?: string; requestId?: string } = {}): void {
    this.#add('ERROR', message, opts);
  }

  warn(message: string, opts: { err?: unknown; api?: string } = {}): void {
    this.#add('WARNING', message, opts);
  }

  info(message: string): void {
    this.#add('INFO', message, {});
  }

  /** The last `limit` entries, oldest first. */
  recent(limit: number): LogEntry[] {
    return limit <= 0 ? [] : this.#kept.slice(-limit);
  }

  /** Calls `listener` for each new entry until the returned function is called. */
  follow(listener: (e: LogEntry) => void): () => void {
    this.#bus.on('entry', listener);
    return () => this.#bus.off('entry', listener);
  }

  #add(level: LogLevel, message: string, opts: { err?: unknown; api?: string; requestId?: string }): void {
    const entry: LogEntry = {
      level,
      errKind: 'MINIO',
      time: new Date().toISOString(),
      node: this.node,
      deploymentid: this.deploymentId,
      ConsoleMsg: message,
      ...(opts.api ? { api: { name: opts.api } } : {}),
      ...(opts.requestId ? { requestID: opts.requestId } : {}),
      ...(opts.err !== undefined ? { error: errorTrace(opts.err) } : {}),
    };
    if (level !== 'INFO') {
      if (opts.err === undefined) console.error(`[store] ${message}`);
      else console.error(`[store] ${message}:`, opts.err);
    }
    this.#kept.push(entry);
    if (this.#kept.length > KEPT) this.#kept.splice(0, this.#kept.length - KEPT);
    this.#bus.emit('entry', entry);
  }
}
