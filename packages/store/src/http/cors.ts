// SPDX-License-Identifier: Apache-2.0
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * CORS on every answer, as MinIO does when no bucket CORS configuration applies (the `api` set's
 * `cors_allow_origin`): a request whose `Origin` matches an allowed origin (`*` wildcards, as MinIO's
 * simple wildcard match) gets `Access-Control-Allow-Origin` echoing it, credentials allowed and S3's
 * headers exposed; a preflight `OPTIONS` is answered 204 — with the allow headers only for an allowed
 * origin, so a browser refuses the others.
 */

/** S3 answer headers a browser script may read (MinIO's list). */
const EXPOSED_HEADERS = [
  'Date',
  'ETag',
  'Server',
  'Connection',
  'Accept-Ranges',
  'Content-Range',
  'Content-Encoding',
  'Content-Length',
  'Content-Type',
  'Content-Disposition',
  'Last-Modified',
  'Content-Language',
  'Cache-Control',
  'Retry-After',
  'X-Amz-Bucket-Region',
  'Expires',
  'X-Amz*',
  'X-Minio*',
  'x-amz-version-id',
  'x-amz-request-id',
  'x-amz-delete-marker',
  'Access-Control-*',
].join(', ');

const ALLOWED_METHODS = 'GET, PUT, HEAD, POST, DELETE, OPTIONS, PATCH';

function wildcardToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'i');
}

export class CorsPolicy {
  #patterns: RegExp[] = [/^.*$/];

  /** Allowed origins (`*` = any); an empty list means MinIO's default `*`. */
  configure(origins: readonly string[]): void {
    const list = origins.map((o) => o.trim()).filter((o) => o !== '');
    this.#patterns = (list.length > 0 ? list : ['*']).map(wildcardToRegExp);
  }

  allows(origin: string): boolean {
    return this.#patterns.some((p) => p.test(origin));
  }

  /** Sets the CORS headers of one answer; true when it was a preflight, answered here. */
  apply(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = req.headers.origin;
    if (!origin) return false;
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    const allowed = this.allows(origin);
    if (allowed) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-allow-credentials', 'true');
      if (!preflight) res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
    }
    if (!preflight) return false;
    res.setHeader('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
    if (allowed) {
      res.setHeader('access-control-allow-methods', ALLOWED_METHODS);
      const reqHeaders = req.headers['access-control-request-headers'];
      if (reqHeaders) res.setHeader('access-control-allow-headers', reqHeaders);
      res.setHeader('access-control-max-age', '3600');
    }
    res.writeHead(204);
    res.end();
    return true;
  }
}
