// SPDX-License-Identifier: Apache-2.0
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import {
  apiErrorSchema,
  apiPaths,
  downloadObjectQuerySchema,
  objectRouteParamsSchema,
  previewKind,
} from '@stowage/contracts';
import type { FastifyReply } from 'fastify';
import type * as Minio from 'minio';
import { ApiHttpError, apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { listObjectsPage, s3Query } from './listing.js';
import {
  checkVersionId,
  customerKeyNeeded,
  headError,
  isCustomerKeyNeeded,
  isMissingCustomerKey,
  statObject,
} from './object-target.js';
import { type ZipEntry, zipEntryName, zipStream } from './zip-stream.js';

/** RFC 5987 value: UTF-8, percent-encoded, with the characters encodeURIComponent leaves but 5987 forbids. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Content-Disposition with the file name twice (RFC 6266): `filename*` in UTF-8 for every current
 * browser, and an ASCII `filename` (non-ASCII, quotes, backslashes and '%' replaced by '_') for old
 * clients and tools that read only that.
 */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** The last segment of a key ("a/b/c.txt" → "c.txt", "a/b/" → "b"), or `fallback` when there is none. */
export function lastSegment(key: string, fallback: string): string {
  const segments = key.split('/').filter((s) => s !== '');
  return segments[segments.length - 1] ?? fallback;
}

/** Content types of the previewable extensions (spec 1 §9); the browser displays them itself. */
const previewTypes: Record<string, string> = {
  jif: 'image/jpeg',
  jfif: 'image/jpeg',
  jpg: 'image/jpeg',
  jpe: 'image/jpeg',
  jpeg: 'image/jpeg',
  apng: 'image/apng',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  gif: 'image/gif',
  png: 'image/png',
  heic: 'image/heic',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  alac: 'audio/mp4',
  aiff: 'audio/aiff',
  dsd: 'audio/dsd',
  pcm: 'audio/pcm',
  mp4: 'video/mp4',
  'mpeg-4': 'video/mp4',
  avi: 'video/x-msvideo',
  mpg: 'video/mpeg',
  webm: 'video/webm',
  mov: 'video/quicktime',
  flv: 'video/x-flv',
  mkv: 'video/x-matroska',
  wmv: 'video/x-ms-wmv',
  avchd: 'video/mp2t',
};

const textLike =
  /^(text\/|application\/(json|xml|javascript|ecmascript|x-yaml|yaml|toml|x-sh)\b|[^;]*\+(json|xml)\b)/i;

/**
 * The Content-Type of a preview: never the stored one, which the uploader chose. A previewable
 * extension gets its own type; other text-like content (JSON, HTML, XML, scripts, …) is shown as plain
 * text, never rendered; anything else is bytes, which the browser downloads.
 */
export function previewContentType(key: string, storedType: string | undefined): string {
  if (previewKind(key) !== undefined) {
    const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
    return previewTypes[ext] ?? 'application/octet-stream';
  }
  if (storedType !== undefined && textLike.test(storedType)) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}

/**
 * The preview's own Content-Security-Policy, in place of the app's: the object is untrusted content
 * served from the console's origin. `sandbox` gives it an opaque origin with scripts, forms and plugins
 * off, so an SVG (or anything a browser might render as a document) cannot act as the signed-in user;
 * `default-src 'none'` loads nothing else, while the object itself still shows as an image document
 * (img-src) or a media document (media-src, which Chrome's player page uses for the same URL) with its
 * inline styles. `frame-ancestors 'self'` lets the console's own preview iframe show it.
 *
 * PDF is the exception: Chrome refuses to run its PDF viewer in a sandboxed document ("This page has
 * been blocked by Chrome"), and its viewer page needs inline styles and an embed from 'self'. A PDF is
 * only ever served as application/pdf here, so it never renders as HTML in the console's origin.
 */
export function previewSecurityPolicy(contentType: string): string {
  const common = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
  if (contentType === 'application/pdf') {
    return `${common}; object-src 'self'; child-src 'self'; frame-src 'self'; frame-ancestors 'self'`;
  }
  return `sandbox; ${common}; frame-ancestors 'self'`;
}

/** Response headers of the store passed through as they are. */
const passThrough = ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];

function codeOf(err: unknown): string | undefined {
  const code = err !== null && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** What one object download asks for. */
interface ObjectRequest {
  key: string;
  versionId: string | undefined;
  range: string | undefined;
  preview: boolean;
  /** A HEAD request: the store is asked with HEAD too, so no object bytes are read. */
  head: boolean;
}

/**
 * S3 API: GetObject (HeadObject for HEAD), with the client's Range. The SDK's getObject cannot send a
 * suffix range or hand back the status and headers, so this is its signed request with the Range
 * header; the answer is the store's response stream, not yet read.
 */
async function getObjectResponse(
  s3: Minio.Client,
  bucket: string,
  r: ObjectRequest,
): Promise<IncomingMessage> {
  const { key, versionId, range } = r;
  try {
    return await s3.makeRequestAsync(
      {
        method: r.head ? 'HEAD' : 'GET',
        bucketName: bucket,
        objectName: key,
        query: s3Query({ versionId }),
        headers: range === undefined ? {} : { range },
      },
      '',
      [200, 206],
    );
  } catch (err) {
    if (codeOf(err) === 'InvalidRange') {
      // S3 reports the object's size with the error; RFC 9110 wants it in Content-Range.
      const size = Number((err as { actualobjectsize?: unknown }).actualobjectsize);
      const e = new ApiHttpError(
        416,
        'The requested range is not satisfiable',
        `${range ?? ''}: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
      throw Object.assign(e, Number.isFinite(size) ? { contentRange: `bytes */${size}` } : {});
    }
    if (isMissingCustomerKey(err)) throw customerKeyNeeded(key, err);
    // A HEAD answer has no body to say why; an SSE-C object is told apart as for the details.
    if (r.head) throw await headError(s3, bucket, key, versionId, err);
    throw err;
  }
}

async function sendObject(
  reply: FastifyReply,
  s3: Minio.Client,
  bucket: string,
  r: ObjectRequest,
): Promise<void> {
  const { key, preview } = r;
  let res: IncomingMessage;
  try {
    res = await getObjectResponse(s3, bucket, r);
  } catch (err) {
    const contentRange = (err as { contentRange?: string }).contentRange;
    if (contentRange !== undefined) reply.header('content-range', contentRange);
    throw err;
  }
  reply.code(res.statusCode ?? 200);
  for (const name of passThrough) {
    const value = res.headers[name];
    if (typeof value === 'string') reply.header(name, value);
  }
  const versionHeader = res.headers['x-amz-version-id'];
  if (typeof versionHeader === 'string') reply.header('x-amz-version-id', versionHeader);
  const storedType = res.headers['content-type'];
  const fileName = lastSegment(key, bucket);
  if (preview) {
    const type = previewContentType(key, storedType);
    reply.type(type);
    reply.header('content-disposition', contentDisposition('inline', fileName));
    setPreviewHeaders(reply, previewSecurityPolicy(type));
  } else {
    reply.type(storedType ?? 'application/octet-stream');
    reply.header('content-disposition', contentDisposition('attachment', fileName));
  }
  reply.header('cache-control', 'private, no-cache');
  // Fastify destroys this stream when the client goes away, which closes the connection to the store.
  // For HEAD it is the store's empty HEAD response (Fastify would otherwise read a GET body to its end).
  reply.send(res);
}

/**
 * The app's security headers (http/security-headers.ts) are set on the raw response before the route
 * runs; a preview replaces the CSP and framing ones with its own. Fastify writes the reply's headers
 * over raw ones, but removing them too leaves no doubt which one a browser sees.
 */
function setPreviewHeaders(reply: FastifyReply, csp: string): void {
  reply.raw.removeHeader('content-security-policy');
  reply.raw.removeHeader('x-frame-options');
  reply.header('content-security-policy', csp);
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply.header('x-content-type-options', 'nosniff');
}

/** A selection without the names inside a selected folder, which the folder's archive holds already. */
function withoutNested(prefixes: string[]): string[] {
  const folders = prefixes.filter((p) => p.endsWith('/'));
  return prefixes.filter((p) => !folders.some((f) => f !== p && p.startsWith(f)));
}

/** The folder all selected names are in ('' at the bucket's root), ending in '/'. */
function commonParent(prefixes: string[]): string {
  const parents = prefixes.map((p) => {
    const trimmed = p.endsWith('/') ? p.slice(0, -1) : p;
    return trimmed.slice(0, trimmed.lastIndexOf('/') + 1);
  });
  let common = parents[0] ?? '';
  for (const p of parents) {
    let i = 0;
    while (i < common.length && i < p.length && common[i] === p[i]) i++;
    common = common.slice(0, i);
  }
  return common.slice(0, common.lastIndexOf('/') + 1);
}

/**
 * The archive's entries: each selected folder recursively, one ListObjectsV2 page at a time, and each
 * selected object, named relative to the folder the selection is in. Objects are opened (S3 GetObject)
 * only when the archive reaches them.
 */
async function* zipEntries(
  s3: Minio.Client,
  bucket: string,
  prefixes: string[],
  base: string,
  selectedObjects: Map<string, Minio.BucketItemStat | ApiHttpError>,
): AsyncGenerator<ZipEntry> {
  const fileEntry = (key: string, size: number, lastModified: Date): ZipEntry | undefined => {
    const name = zipEntryName(key.slice(base.length));
    if (name === '') return undefined;
    if (key.endsWith('/')) return { name, size: 0, mtime: lastModified };
    return { name, size, mtime: lastModified, open: () => s3.getObject(bucket, key) as Promise<Readable> };
  };
  for (const prefix of prefixes) {
    if (prefix.endsWith('/')) {
      const folder = zipEntryName(prefix.slice(base.length));
      let token: string | undefined;
      for (let first = true; ; first = false) {
        const page = await listObjectsPage(s3, bucket, {
          prefix,
          delimiter: '',
          maxKeys: 1000,
          ...(token === undefined ? {} : { continuationToken: token }),
        });
        // The folder itself, so that an empty folder is in the archive too; after the first page, so a
        // missing bucket or a refused listing fails before the archive starts.
        if (first && folder !== '') yield { name: folder, size: 0, mtime: new Date() };
        for (const o of page.objects) {
          if (o.key === prefix) continue;
          const entry = fileEntry(o.key, o.size, new Date(o.lastModified));
          if (entry !== undefined) yield entry;
        }
        token = page.nextContinuationToken;
        if (!page.isTruncated || token === undefined) break;
      }
    } else {
      const stat = selectedObjects.get(prefix) ?? (await statObject(s3, bucket, prefix));
      if (stat instanceof ApiHttpError) {
        // A selected object the console cannot read (SSE-C): the archive leaves it out and says so.
        yield {
          name: zipEntryName(prefix.slice(base.length)),
          size: 0,
          mtime: new Date(),
          open: () => Promise.reject(stat),
        };
        continue;
      }
      const entry = fileEntry(prefix, stat.size, stat.lastModified);
      if (entry !== undefined) yield entry;
    }
  }
}

/** An SSE-C object in an archive: left out (named in the archive's note), the rest is still archived. */
const skipReason = (err: unknown): string | undefined =>
  isCustomerKeyNeeded(err)
    ? 'encrypted with a customer-provided key (SSE-C), which the console does not have; download it with an S3 client that sends the key.'
    : undefined;

/** A selected object's stat failure: kept when it is the SSE-C one (the archive skips that object). */
function customerKeyStat(err: unknown): ApiHttpError {
  if (err instanceof ApiHttpError && isCustomerKeyNeeded(err)) return err;
  throw err;
}

async function sendZip(
  reply: FastifyReply,
  s3: Minio.Client,
  bucket: string,
  prefixes: string[],
  head: boolean,
): Promise<void> {
  const base = commonParent(prefixes);
  const single = prefixes.length === 1 ? (prefixes[0] as string) : undefined;
  const archiveName = `${single !== undefined ? lastSegment(single, bucket) : lastSegment(base, bucket)}.zip`;
  // Selected objects are looked up and the first entry is fetched before answering, so a missing
  // bucket, a missing selected object or a refused listing is an ordinary JSON error, not a broken archive.
  const selectedObjects = new Map<string, Minio.BucketItemStat | ApiHttpError>();
  for (const p of prefixes) {
    if (!p.endsWith('/')) selectedObjects.set(p, await statObject(s3, bucket, p).catch(customerKeyStat));
  }
  const entries = zipEntries(s3, bucket, prefixes, base, selectedObjects);
  const first = await entries.next();
  async function* all(): AsyncGenerator<ZipEntry> {
    if (first.done === true) return;
    yield first.value;
    yield* entries;
  }
  reply.code(200);
  reply.type('application/zip');
  reply.header('content-disposition', contentDisposition('attachment', archiveName));
  reply.header('cache-control', 'private, no-cache');
  // HEAD: the headers only; Fastify would read the whole archive to its end to throw it away.
  if (head) {
    await entries.return(undefined);
    reply.send(Readable.from([]));
    return;
  }
  reply.send(zipStream(all(), { skipReason }));
}

/**
 * GET /api/v1/buckets/{bucket}/objects/download?prefix&version_id[&preview=true] (spec 1 §7; issue 7).
 *
 * One object: streamed from the store as it arrives (S3 GetObject), with the client's Range passed
 * through (206 + Content-Range; an unsatisfiable range is 416), Content-Length, ETag and Last-Modified,
 * and `Content-Disposition: attachment` with the last segment of the key as file name. With
 * `preview=true` it is `inline` with a Content-Type chosen from the extension and a sandboxing CSP
 * (see `previewSecurityPolicy`), so uploaded HTML or SVG never runs in the console's origin.
 *
 * A folder (a prefix ending in '/') or several `prefix` values: one streamed zip of everything under
 * them (`<folder>.zip`, or `<parent folder or bucket>.zip` for a selection). A client that goes away
 * stops the reading from the store. Objects encrypted with a customer key (SSE-C), which the console
 * cannot read, are left out and named with the reason in a `SKIPPED-OBJECTS.txt` entry at the end.
 */
export function registerDownloadObject(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.objectDownload,
    {
      schema: {
        tags: ['objects'],
        summary: 'Download an object (Range honoured), preview it inline, or download folders as a zip',
        params: objectRouteParamsSchema,
        querystring: downloadObjectQuerySchema,
        produces: ['application/octet-stream', 'application/zip'],
        response: {
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          416: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { bucket } = request.params;
      const q = request.query;
      const prefixes = withoutNested([...new Set(Array.isArray(q.prefix) ? q.prefix : [q.prefix])]);
      const versionId = checkVersionId(q.version_id);
      const s3 = request.session.s3;
      const single = prefixes.length === 1 ? (prefixes[0] as string) : undefined;
      if (single !== undefined && !single.endsWith('/')) {
        await sendObject(reply, s3, bucket, {
          key: single,
          versionId,
          range: request.headers.range,
          preview: q.preview === true,
          head: request.method === 'HEAD',
        });
        return reply;
      }
      if (versionId !== undefined) {
        throw apiErrors.badRequest('version_id applies to one object; a folder or a selection has none.');
      }
      if (q.preview === true) throw apiErrors.badRequest('Only a single object can be previewed.');
      await sendZip(reply, s3, bucket, prefixes, request.method === 'HEAD');
      return reply;
    },
  );
}
