// SPDX-License-Identifier: Apache-2.0
import { AdminTransport, MadminError, type QueryParams, SITE_REPL_API_VERSION } from '@stowage/madmin';
import { S3Error } from '../core/errors.js';

/**
 * Calls to another site's admin API: `site-replication/peer/*` with the site replicator's keys, and the
 * calls `add` makes with the keys an administrator gave. A failure to reach a peer or a refusal by it
 * becomes XMinioSiteReplicationPeerResp naming the peer and why.
 */

export interface PeerTarget {
  name: string;
  endpoint: string;
  accessKey: string;
  secretKey: string;
}

/** `http://host:port` of an endpoint given with or without its scheme. */
export function endpointUrl(endpoint: string): string {
  const e = endpoint.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(e) ? e : `http://${e}`;
}

/** The reason a call failed, in words. */
export function failureReason(err: unknown): string {
  if (err instanceof MadminError) return `${err.code}: ${err.message}`;
  if (err instanceof Error) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
    return cause?.message ? `${err.message}: ${cause.message}` : err.message;
  }
  return String(err);
}

/** Is this failure one of the peer's answers (it was reached and refused) rather than a transport one? */
export function isPeerAnswer(err: unknown): err is MadminError {
  return err instanceof MadminError && err.status >= 400 && err.status < 500;
}

export class PeerClient {
  readonly #t: AdminTransport;
  readonly peer: PeerTarget;

  constructor(peer: PeerTarget, timeoutMs = 30_000) {
    this.peer = peer;
    this.#t = new AdminTransport({
      endpoint: endpointUrl(peer.endpoint),
      accessKey: peer.accessKey,
      secretKey: peer.secretKey,
      timeoutMs,
    });
  }

  /** Wraps a failure as MinIO's peer error, naming the peer. */
  peerError(what: string, err: unknown): S3Error {
    return new S3Error(
      'XMinioSiteReplicationPeerResp',
      `unable to ${what} peer ${this.peer.name || this.peer.endpoint} (${endpointUrl(this.peer.endpoint)}): ${failureReason(err)}`,
    );
  }

  /** A JSON call; `encrypt` seals the body as madmin's EncryptData. Returns the parsed answer or null. */
  async call(
    method: 'GET' | 'PUT',
    path: string,
    opts: { query?: QueryParams; body?: unknown; encrypt?: boolean } = {},
  ): Promise<unknown> {
    const raw = await this.#t.bytes({
      method,
      path,
      query: { ...(opts.query ?? {}), 'api-version': SITE_REPL_API_VERSION },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      ...(opts.encrypt ? { encrypt: true } : {}),
    });
    if (raw.length === 0) return null;
    return JSON.parse(raw.toString('utf8')) as unknown;
  }
}
