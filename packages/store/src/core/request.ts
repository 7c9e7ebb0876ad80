// SPDX-License-Identifier: Apache-2.0
import type { X509Certificate } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Identity } from '../iam/types.js';

/**
 * A request whose signature (SigV4 header or presigned query) has been verified by ../auth, with its
 * body fully read. Admin and STS handlers take this form: their bodies are small (≤ 1 MiB).
 * S3 object handlers stream their bodies instead and do not use this type.
 */
export interface AuthenticatedRequest {
  method: string;
  /** Decoded path without the query string, e.g. `/minio/admin/v3/list-users`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Who signed it (`kind: 'anonymous'` when unsigned, e.g. STS AssumeRoleWithWebIdentity). */
  identity: Identity;
  /** The signing secret: admin bodies are encrypted with it (madmin). '' when anonymous. */
  secretKey: string;
  /** Remote address, for aws:SourceIp. */
  sourceIp: string;
  /** Aborted when the client goes away (streams such as trace/log stop then). */
  signal: AbortSignal;
  /** The connection's TLS side, set on STS requests (AssumeRoleWithCertificate); absent over plain HTTP. */
  tls?: RequestTls;
}

/** What the TLS handshake of a request's connection established about the client. */
export interface RequestTls {
  /** The client's (leaf) certificate; null when it sent none or the listener did not ask for one. */
  peerCertificate: X509Certificate | null;
  /** OpenSSL's verdict on the client's chain against the listener's CAs (e.g. CERT_HAS_EXPIRED); null when trusted. */
  authorizationError: string | null;
}

/** What a non-S3 handler returns; the server writes it. A Readable body is streamed (trace, log). */
export interface HandlerResponse {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string | Readable;
}
