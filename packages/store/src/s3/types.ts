// SPDX-License-Identifier: Apache-2.0
import type { IncomingHttpHeaders } from 'node:http';
import type { VerifiedBody } from '../auth/payload-stream.js';
import type { StoreContext } from '../core/context.js';
import type { HandlerResponse } from '../core/request.js';
import type { Identity } from '../iam/types.js';

/** One S3 request after routing and authentication, as operations see it. */
export interface S3Request {
  method: string;
  /** '' for service-level requests (ListBuckets). */
  bucket: string;
  /** '' for bucket-level requests. */
  key: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  identity: Identity;
  /** Request path as received, for the `Resource` of error documents. */
  resource: string;
  requestId: string;
  sourceIp: string;
  secure: boolean;
  signal: AbortSignal;
  /**
   * The verified payload (aws-chunked decoded, signed hash checked while streaming). Reading it is
   * lazy: operations that never touch it leave the socket's data to Node's HTTP layer.
   */
  body(): VerifiedBody;
  /**
   * The whole verified payload when the request is small (a Content-Length of at most
   * SMALL_BODY_BYTES, not aws-chunked), read at once — a Buffer when it has already arrived, else its
   * promise; undefined for any other request (then `body()` streams it). Use this or `body()`.
   */
  smallBody(): Buffer | Promise<Buffer> | undefined;
  /** The whole body, at most `limit` bytes (EntityTooLarge above), verified like `body()`. */
  readBody(limit?: number): Promise<Buffer>;
  /** Condition keys common to every request (aws:SourceIp, aws:SecureTransport, …). */
  baseConditions(): Record<string, string[]>;
}

export type S3Handler = (req: S3Request, ctx: StoreContext) => Promise<HandlerResponse>;

/** Which part of the path a route addresses. */
export type RouteLevel = 'service' | 'bucket' | 'object';

/**
 * One S3 operation: method, level and the sub-resource query keys it is selected by (S3 routes
 * declare their sub-resources, e.g. `PUT ?uploadId&partNumber`). `action` is the IAM action checked
 * before the handler runs; routes without one authorize inside the handler (per key, or several
 * actions).
 */
export interface S3Route {
  name: string;
  method: string;
  level: RouteLevel;
  query?: readonly string[];
  /** A header that must be present to select the route (`x-amz-copy-source`). */
  header?: string;
  action?: string;
  /** Extra condition keys for the action (s3:prefix for ListBucket …). */
  conditions?: (req: S3Request) => Record<string, string[]>;
  handler: S3Handler;
}
