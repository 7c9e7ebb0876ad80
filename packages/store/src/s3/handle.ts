// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { readAll, smallBody, verifiedBody } from '../auth/payload-stream.js';
import { authenticateRequest } from '../auth/sigv4-verify.js';
import type { StoreContext } from '../core/context.js';
import { S3Error } from '../core/errors.js';
import type { HandlerResponse } from '../core/request.js';
import type { Identity } from '../iam/types.js';
import { s3Changed } from '../site-replication/changes.js';
import { authorize } from './authorize.js';
import { contentMd5 } from './metadata.js';
import { matchRoute } from './router.js';
import type { RouteLevel, S3Request, S3Route } from './types.js';
import { validateBucketName, validateObjectKey } from './validate.js';

/** Default cap for bodies S3 operations read whole (XML documents). */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface S3Target {
  /** The region requests must be signed for; '' accepts any (no region configured). */
  region: string;
  /** Decoded path as the client addressed it (for the signature). */
  signedPath: string;
  bucket: string;
  key: string;
  query: URLSearchParams;
  /** Raw request path, for error `Resource`. */
  resource: string;
  requestId: string;
  signal: AbortSignal;
}

function sourceIp(req: IncomingMessage): string {
  return (req.socket as Socket).remoteAddress?.replace(/^::ffff:/, '') ?? '';
}

/** Builds the per-request view operations work with; the body is wired up only when asked for. */
function buildRequest(
  raw: IncomingMessage,
  target: S3Target,
  auth: Awaited<ReturnType<typeof authenticateRequest>>,
): S3Request {
  let body: { stream: import('node:stream').Readable; size: number } | undefined;
  const secure = Boolean((raw.socket as { encrypted?: boolean }).encrypted);
  const ip = sourceIp(raw);
  const req: S3Request = {
    method: raw.method ?? 'GET',
    bucket: target.bucket,
    key: target.key,
    query: target.query,
    headers: raw.headers,
    identity: auth.identity,
    resource: target.resource,
    requestId: target.requestId,
    sourceIp: ip,
    secure,
    signal: target.signal,
    body() {
      body ??= verifiedBody(raw, auth.payload, raw.headers);
      return body;
    },
    smallBody() {
      return body ? undefined : smallBody(raw, auth.payload);
    },
    async readBody(limit = DEFAULT_BODY_LIMIT) {
      const md5 = contentMd5(raw.headers);
      const buf = await readAll(req.body().stream, limit);
      if (md5 && createHash('md5').update(buf).digest('base64') !== md5) throw new S3Error('BadDigest');
      return buf;
    },
    baseConditions() {
      const now = new Date();
      const c: Record<string, string[]> = {
        'aws:SourceIp': [ip],
        'aws:SecureTransport': [String(secure)],
        'aws:CurrentTime': [now.toISOString()],
        'aws:EpochTime': [String(Math.floor(now.getTime() / 1000))],
        'aws:principaltype': [
          auth.identity.kind === 'anonymous'
            ? 'Anonymous'
            : auth.identity.kind === 'root'
              ? 'Account'
              : 'User',
        ],
      };
      const ua = raw.headers['user-agent'];
      if (ua) c['aws:UserAgent'] = [ua];
      const referer = raw.headers.referer;
      if (referer) c['aws:Referer'] = [referer];
      if (auth.identity.kind !== 'anonymous') {
        c['aws:username'] = [auth.identity.parentUser || auth.identity.accessKey];
        c['aws:userid'] = [auth.identity.parentUser || auth.identity.accessKey];
      }
      return c;
    },
  };
  return req;
}

/** Routes MinIO signs-checks for no region: clients call them to find the region (SDK discovery). */
const REGION_FREE_ROUTES: ReadonlySet<string> = new Set(['ListBuckets', 'GetBucketLocation']);

/**
 * Serves one S3 request: authenticate (SigV4 / presigned / anonymous), route, validate names,
 * authorize the route's action, run the operation. Returns the route name for traces alongside the
 * response; throws S3Error for the caller to render.
 */
export async function handleS3(
  raw: IncomingMessage,
  target: S3Target,
  ctx: StoreContext,
  onRoute: (route: S3Route, identity: Identity) => void,
): Promise<HandlerResponse> {
  const method = raw.method ?? 'GET';
  const level: RouteLevel = target.bucket === '' ? 'service' : target.key === '' ? 'bucket' : 'object';
  // Routed once; a request that matches no route still authenticates first (with its region checked),
  // then gets the routing error.
  let route: S3Route | undefined;
  let routeError: unknown;
  try {
    route = matchRoute(method, level, target.query, raw.headers);
  } catch (err) {
    routeError = err;
  }
  const auth = await authenticateRequest(
    {
      method,
      path: target.signedPath,
      query: target.query,
      headers: raw.headers,
      service: 's3',
      region: route && REGION_FREE_ROUTES.has(route.name) ? '' : target.region,
    },
    ctx.iam,
  );
  if (!route) throw routeError;
  onRoute(route, auth.identity);
  if (target.bucket) validateBucketName(target.bucket);
  if (target.key) validateObjectKey(target.key);
  const req = buildRequest(raw, target, auth);
  if (route.action) {
    await authorize(req, ctx, route.action, route.conditions ? { conditions: route.conditions(req) } : {});
  }
  const res = await route.handler(req, ctx);
  if (res.status < 300 && ctx.siteReplication && level === 'bucket') {
    await s3Changed(ctx.siteReplication, route.name, req.bucket);
  }
  return res;
}
