// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { TLSSocket } from 'node:tls';
import {
  ADMIN_PREFIX,
  adminError,
  handleAdminRequest,
  KMS_PREFIX,
  matchAdminRoute,
} from '../admin/router.js';
import { readAll, verifiedBody } from '../auth/payload-stream.js';
import { ANONYMOUS, authenticateRequest, isSignedRequest } from '../auth/sigv4-verify.js';
import { configuredRegion } from '../config/region.js';
import type { AuthResult } from '../core/auth.js';
import type { StoreContext } from '../core/context.js';
import { S3Error } from '../core/errors.js';
import type { AuthenticatedRequest, HandlerResponse, RequestTls } from '../core/request.js';
import { newRequestId } from '../core/request-id.js';
import type { TraceEvent } from '../events/trace-events.js';
import type { Identity } from '../iam/types.js';
import { handleMetricsRequest, METRICS_PREFIX } from '../metrics/endpoint.js';
import type { StoreMetrics } from '../metrics/store-metrics.js';
import { answerCors } from '../s3/cors/evaluate.js';
import { handleS3 } from '../s3/handle.js';
import { handleStsRequest } from '../sts/handler.js';
import { RequestAdmission } from './admission.js';
import { CorsPolicy } from './cors.js';
import { s3ErrorResponse, stsErrorResponse, toS3Error, writeResponse } from './respond.js';
import { bucketFromHost } from './virtual-host.js';

/** Admin and STS bodies are small JSON/form documents (PROTOCOL-NOTES §1). */
export const SMALL_BODY_LIMIT = 1024 * 1024;

const HEALTH_PATHS = new Set([
  '/minio/health/live',
  '/minio/health/ready',
  '/minio/health/cluster',
  '/minio/health/cluster/read',
]);

/** Counts requests in flight so close() can wait for them. */
export interface InFlight {
  count: number;
  /** Resolves waiters when count drops to 0. */
  idle: Array<() => void>;
  /**
   * Handlers still running. A handler can outlive its response (a cut connection ends the response
   * while the layer is still discarding the upload); close() lets them settle before closing the layer.
   */
  handlers: Set<Promise<void>>;
}

interface Parsed {
  rawPath: string;
  path: string;
  query: URLSearchParams;
  rawQuery: string;
}

function parseUrl(url: string): Parsed {
  let target = url;
  if (/^https?:\/\//i.test(target)) {
    const u = new URL(target);
    target = u.pathname + u.search;
  }
  const qi = target.indexOf('?');
  const rawPath = qi < 0 ? target : target.slice(0, qi);
  const rawQuery = qi < 0 ? '' : target.slice(qi + 1);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw new S3Error('InvalidArgument', "Couldn't parse the specified URI.");
  }
  if (!path.startsWith('/')) throw new S3Error('InvalidArgument', "Couldn't parse the specified URI.");
  return { rawPath, path, query: new URLSearchParams(rawQuery), rawQuery };
}

/** The access key named by a SigV4 header or presigned URL (for requests whose signature failed). */
function signingAccessKey(req: IncomingMessage): string {
  const auth = req.headers.authorization ?? '';
  const fromHeader = /Credential=([^/,\s]+)\//.exec(auth)?.[1];
  if (fromHeader) return fromHeader;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  if (q < 0) return '';
  const cred = new URLSearchParams(url.slice(q + 1)).get('X-Amz-Credential') ?? '';
  return cred.split('/')[0] ?? '';
}

function sourceIp(req: IncomingMessage): string {
  return (req.socket as Socket).remoteAddress?.replace(/^::ffff:/, '') ?? '';
}

/** Reads a small body whole; EntityTooLarge (413) beyond the limit. */
async function readSmallBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit)
    throw new S3Error('EntityTooLarge', `The request body exceeds ${limit} bytes.`, {}, 413);
  try {
    return await readAll(req, limit);
  } catch (err) {
    if (err instanceof S3Error && err.code === 'EntityTooLarge') {
      throw new S3Error('EntityTooLarge', `The request body exceeds ${limit} bytes.`, {}, 413);
    }
    throw err;
  }
}

/**
 * Verifies a fully read body against the payload mode the signature announced (signed hash, or an
 * aws-chunked encoding) and returns the payload.
 */
async function verifyBufferedBody(body: Buffer, auth: AuthResult, req: IncomingMessage): Promise<Buffer> {
  if (auth.payload.kind === 'sha256') {
    if (createHash('sha256').update(body).digest('hex') !== auth.payload.hash) {
      throw new S3Error('XAmzContentSHA256Mismatch');
    }
    return body;
  }
  if (auth.payload.kind === 'unsigned') return body;
  const { stream } = verifiedBody(Readable.from([body]), auth.payload, req.headers);
  return readAll(stream, SMALL_BODY_LIMIT);
}

function headerRecord(
  h: IncomingMessage['headers'] | Record<string, string | number | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined || k === 'authorization') continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

/**
 * A finished request as the trace bus publishes it. Its header copies are made only if a trace consumer
 * reads them (admin trace, audit records), by getters of the class: getters in an object literal made
 * creating the event cost ~2 µs, ten times its other fields.
 */
class FinishedRequest implements TraceEvent {
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  time = new Date();
  api: TraceEvent['api'] = 's3';
  funcName = '';
  method = '';
  path = '';
  rawQuery = '';
  statusCode = 0;
  clientIp = '';
  durationNs = 0;
  inputBytes = 0;
  outputBytes = 0;
  requestId = '';
  accessKey = '';
  parentUser = '';
  bucket = '';
  object = '';
  host = '';
  userAgent = '';
  declare apiName?: string;
  declare error?: string;
  declare timeToFirstByteNs?: number;

  constructor(req: IncomingMessage, res: ServerResponse) {
    this.#req = req;
    this.#res = res;
  }

  get requestHeaders(): Record<string, string> {
    return headerRecord(this.#req.headers);
  }

  get responseHeaders(): Record<string, string> {
    return headerRecord(this.#res.getHeaders());
  }

  toJSON(): TraceEvent {
    return { ...this, requestHeaders: this.requestHeaders, responseHeaders: this.responseHeaders };
  }
}

/** The edge's live settings (the `api` config set): S3 request admission and CORS. */
export interface EdgeSettings {
  admission: RequestAdmission;
  cors: CorsPolicy;
  /** Prometheus metrics (`/minio/v2/metrics/*`); absent, those paths are S3 paths like any other. */
  metrics?: StoreMetrics;
}

/**
 * The region S3 and STS requests must be signed for: the `region` set's name in effect, else the start
 * option; '' when neither is set, and then any region is accepted, as MinIO does when no region is
 * configured (it still reports us-east-1). Admin requests are not region-checked, as in MinIO (madmin
 * signs with an empty region).
 */
export function signingRegion(ctx: StoreContext): string {
  return configuredRegion(ctx.config) || ctx.options.region || '';
}

/**
 * The store's request listener: common headers, CORS, then dispatch —
 * `/minio/health/*` → 200, `/minio/admin/v3/*` → admin (JSON errors), `POST /` with an STS `Action`
 * → STS (STS XML errors), everything else → S3 (XML errors; admitted by `requests_max`). Publishes each
 * finished request on the trace bus.
 */
export function createRequestListener(
  ctx: StoreContext,
  inFlight: InFlight,
  edge: EdgeSettings = { admission: new RequestAdmission(), cors: new CorsPolicy() },
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    inFlight.count++;
    const requestId = newRequestId();
    const started = process.hrtime.bigint();
    const abort = new AbortController();
    let api: TraceEvent['api'] = 's3';
    let funcName = 's3.Unknown';
    let apiName: string | undefined;
    let errorCode: string | undefined;
    let identity: Identity | undefined;
    let target = { bucket: '', object: '' };
    let firstByteNs: number | undefined;
    // Time to first byte: Node writes the head through writeHead (also for implicit headers).
    const writeHead = res.writeHead as (
      this: ServerResponse,
      a?: unknown,
      b?: unknown,
      c?: unknown,
    ) => ServerResponse;
    // Node's writeHead takes at most three arguments (status, message or headers, headers); absent
    // ones are undefined either way. No rest array per request.
    res.writeHead = function (this: ServerResponse, a?: unknown, b?: unknown, c?: unknown) {
      firstByteNs ??= Number(process.hrtime.bigint() - started);
      return writeHead.call(this, a, b, c);
    } as ServerResponse['writeHead'];
    // Counted from the headers (payload size of aws-chunked uploads): a 'data' listener here would
    // start the body flowing before the handler wires up its verifying pipeline.
    // A client's header can say anything ("-1", "1e400"): a byte count is a whole number ≥ 0.
    const declared = Number(
      req.headers['x-amz-decoded-content-length'] ?? req.headers['content-length'] ?? 0,
    );
    const inputBytes = Number.isSafeInteger(declared) && declared > 0 ? declared : 0;
    let releaseSlot: (() => void) | undefined;
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
      releaseSlot?.();
      inFlight.count--;
      if (inFlight.count === 0) for (const w of inFlight.idle.splice(0)) w();
      if (ctx.trace.listenerCount('request') > 0) ctx.trace.emit('request', traceEvent());
    });

    // The finished request as the trace bus publishes it (the metrics always listen). The optional
    // fields are added only when set.
    const traceEvent = (): TraceEvent => {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const event = new FinishedRequest(req, res);
      event.api = api;
      event.funcName = funcName;
      event.method = req.method ?? 'GET';
      event.path = q < 0 ? url : url.slice(0, q);
      event.rawQuery = q < 0 ? '' : url.slice(q + 1);
      event.statusCode = res.statusCode;
      event.clientIp = sourceIp(req);
      event.durationNs = Number(process.hrtime.bigint() - started);
      event.inputBytes = inputBytes;
      // A HEAD answer carries the headers of a body it does not send.
      event.outputBytes = req.method === 'HEAD' ? 0 : Number(res.getHeader('content-length') ?? 0);
      event.requestId = requestId;
      event.accessKey = identity?.accessKey ?? signingAccessKey(req);
      event.parentUser = identity && identity.parentUser !== identity.accessKey ? identity.parentUser : '';
      event.bucket = target.bucket;
      event.object = target.object;
      event.host = req.headers.host ?? '';
      event.userAgent = req.headers['user-agent'] ?? '';
      if (apiName) event.apiName = apiName;
      if (errorCode) event.error = errorCode;
      if (firstByteNs !== undefined) event.timeToFirstByteNs = firstByteNs;
      return event;
    };

    res.setHeader('x-amz-request-id', requestId);
    res.setHeader('server', 'Stowage');
    res.setHeader('accept-ranges', 'bytes');
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('x-xss-protection', '1; mode=block');
    res.setHeader('vary', 'Origin, Accept-Encoding');
    // A request to a bucket meets the bucket's CORS rules (if it has any) once the bucket is known.
    const bucketCors = req.headers.origin !== undefined && addressesBucket(req, ctx);
    if (!bucketCors && edge.cors.apply(req, res)) return;

    const method = req.method ?? 'GET';
    const head = method === 'HEAD';
    let resource = (req.url ?? '/').split('?')[0] ?? '/';
    let render: (err: S3Error) => HandlerResponse = (err) => s3ErrorResponse(err, resource, requestId);

    const run = async (): Promise<void> => {
      const parsed = parseUrl(req.url ?? '/');
      resource = parsed.path;
      const vhostBucket = bucketFromHost(req.headers.host, ctx.domains);

      if (vhostBucket === null && HEALTH_PATHS.has(parsed.path) && (method === 'GET' || method === 'HEAD')) {
        api = 'health';
        funcName = 'health.Check';
        await writeResponse(res, { status: 200 }, head);
        return;
      }

      if (vhostBucket === null && edge.metrics && parsed.path.startsWith(METRICS_PREFIX)) {
        api = 'admin';
        funcName = 'admin.Prometheus';
        render = (err) => adminError(err, resource, requestId);
        const env = ctx.options.env ?? process.env;
        const metricsRequest = { method, path: parsed.path, headers: req.headers, sourceIp: sourceIp(req) };
        const r = await handleMetricsRequest(
          { ...metricsRequest, authType: env.MINIO_PROMETHEUS_AUTH_TYPE },
          edge.metrics,
          ctx.iam,
        );
        await writeResponse(res, r, head);
        return;
      }

      if (
        vhostBucket === null &&
        (parsed.path.startsWith(`${ADMIN_PREFIX}/`) || parsed.path.startsWith(`${KMS_PREFIX}/`))
      ) {
        api = 'admin';
        funcName = `admin.${parsed.path.slice(ADMIN_PREFIX.length + 1).split('/')[0] ?? ''}`;
        apiName = matchAdminRoute(method, parsed.path)?.name;
        render = (err) => adminError(err, resource, requestId);
        const areq = await authenticateSmall(req, parsed, ctx, 's3', abort.signal);
        identity = areq.identity;
        if (areq.identity.kind === 'anonymous') throw new S3Error('AccessDenied');
        if (req.headers['x-amz-content-sha256'] === undefined && req.headers.authorization !== undefined) {
          throw new S3Error('AccessDenied', 'x-amz-content-sha256 is required on admin requests.');
        }
        const r = await handleAdminRequest(areq, ctx);
        await writeResponse(res, r, head);
        return;
      }

      if (vhostBucket === null && parsed.path === '/' && method === 'POST') {
        const body = await readSmallBody(req, SMALL_BODY_LIMIT);
        const params = new URLSearchParams(parsed.query);
        for (const [k, v] of new URLSearchParams(body.toString('utf8'))) params.set(k, v);
        const action = params.get('Action');
        if (action) {
          api = 'sts';
          funcName = `sts.${action}`;
          render = (err) => stsErrorResponse(err, requestId);
          const signed = isSignedRequest(req.headers, parsed.query);
          let identityReq: AuthenticatedRequest;
          if (signed) {
            const auth = await authenticateRequest(
              {
                method,
                path: parsed.path,
                query: parsed.query,
                headers: req.headers,
                service: 'sts',
                region: signingRegion(ctx),
                bodySha256: createHash('sha256').update(body).digest('hex'),
              },
              ctx.iam,
            );
            const payload = await verifyBufferedBody(body, auth, req);
            identityReq = toAuthenticated(req, parsed, payload, auth.identity, auth.secretKey, abort.signal);
            identity = auth.identity;
          } else {
            identityReq = toAuthenticated(req, parsed, body, ANONYMOUS, '', abort.signal);
          }
          if (req.socket instanceof TLSSocket) identityReq.tls = requestTls(req.socket);
          const r = await handleStsRequest(identityReq, ctx);
          await writeResponse(res, r, head);
          return;
        }
        throw new S3Error('MethodNotAllowed');
      }

      let bucket: string;
      let key: string;
      if (vhostBucket !== null) {
        bucket = vhostBucket;
        key = parsed.path.slice(1);
      } else {
        const rest = parsed.path.slice(1);
        const slash = rest.indexOf('/');
        bucket = slash < 0 ? rest : rest.slice(0, slash);
        key = slash < 0 ? '' : rest.slice(slash + 1);
      }
      target = { bucket, object: key };
      if (bucketCors && (await answerCors(ctx, bucket, req, res, () => edge.cors.apply(req, res)))) return;
      // requests_max: wait for a slot (SlowDown past requests_deadline); freed when the answer ends.
      releaseSlot = await edge.admission.acquire(abort.signal);
      if (res.destroyed) releaseSlot();
      const r = await handleS3(
        req,
        {
          region: signingRegion(ctx),
          signedPath: parsed.path,
          bucket,
          key,
          query: parsed.query,
          resource: parsed.path,
          requestId,
          signal: abort.signal,
        },
        ctx,
        (route, who) => {
          funcName = `s3.${route.name}`;
          identity = who;
        },
      );
      await writeResponse(res, r, head);
    };

    const handling: Promise<void> = run().catch(async (err: unknown) => {
      const e = toS3Error(err, (message, cause) =>
        ctx.log.error(message, { err: cause, api: funcName, requestId }),
      );
      errorCode = e.code;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      try {
        if (e.status === 304) {
          await writeResponse(res, { status: 304, headers: e.headers }, true);
          return;
        }
        const r = render(e);
        r.headers = { ...r.headers, ...e.headers };
        await writeResponse(res, r, head);
      } catch {
        res.destroy();
      }
    });
    inFlight.handlers.add(handling);
    void handling.finally(() => inFlight.handlers.delete(handling));
  };
}

/** Whether the request is S3's, to a bucket (not health, admin, STS or ListBuckets). */
function addressesBucket(req: IncomingMessage, ctx: StoreContext): boolean {
  if (bucketFromHost(req.headers.host, ctx.domains) !== null) return true;
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  return (
    path !== '/' &&
    !path.startsWith(`${ADMIN_PREFIX}/`) &&
    !path.startsWith(METRICS_PREFIX) &&
    !HEALTH_PATHS.has(path)
  );
}

/** Reads, authenticates and verifies a small-bodied request (admin). */
async function authenticateSmall(
  req: IncomingMessage,
  parsed: Parsed,
  ctx: StoreContext,
  service: 's3' | 'sts',
  signal: AbortSignal,
): Promise<AuthenticatedRequest> {
  const body = await readSmallBody(req, SMALL_BODY_LIMIT);
  const auth = await authenticateRequest(
    {
      method: req.method ?? 'GET',
      path: parsed.path,
      query: parsed.query,
      headers: req.headers,
      service,
      bodySha256: createHash('sha256').update(body).digest('hex'),
    },
    ctx.iam,
  );
  const payload = await verifyBufferedBody(body, auth, req);
  return toAuthenticated(req, parsed, payload, auth.identity, auth.secretKey, signal);
}

/** The client certificate of a TLS connection and OpenSSL's verdict on it. */
function requestTls(socket: TLSSocket): RequestTls {
  const peer = socket.getPeerX509Certificate() ?? null;
  // Node types it as an Error; OpenSSL's verdict arrives as its code (a string).
  const err: unknown = socket.authorizationError;
  const reason = err instanceof Error ? err.message : String(err ?? 'UNKNOWN');
  return { peerCertificate: peer, authorizationError: peer === null || socket.authorized ? null : reason };
}

function toAuthenticated(
  req: IncomingMessage,
  parsed: Parsed,
  body: Buffer,
  identity: AuthenticatedRequest['identity'],
  secretKey: string,
  signal: AbortSignal,
): AuthenticatedRequest {
  return {
    method: req.method ?? 'GET',
    path: parsed.path,
    query: parsed.query,
    headers: req.headers,
    body,
    identity,
    secretKey,
    sourceIp: sourceIp(req),
    signal,
  };
}
