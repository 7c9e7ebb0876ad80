// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type ListObjectsResponse,
  listObjectsQuerySchema,
  listObjectsResponseSchema,
  type ObjectItem,
  objectRouteParamsSchema,
} from '@stowage/contracts';
import type * as Minio from 'minio';
import { ApiHttpError, apiErrors } from '../../errors/api-http-error.js';
import { hasErrorCode } from '../buckets/bucket-route-support.js';
import { tierState } from '../lifecycle/tier-state.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { customerKeyObjectHeaders } from './customer-key-object.js';
import {
  foldersFirst,
  listObjectsPage,
  listVersionsPage,
  mergeByKey,
  readBody,
  s3XmlRequest,
  versionItem,
  type XmlRecord,
  xmlList,
  xmlText,
} from './listing.js';
import { encryptionFromHeaders } from './object-encryption.js';
import { decodeCursor, encodeCursor } from './object-keys.js';

/**
 * GET /api/v1/buckets/{bucket}/objects (spec 1 §7 "Objects"; issue 7).
 *
 * Paging: a response page is built from as many S3 ListObjectsV2 pages as `limit` needs (each asked for
 * exactly the entries still missing, so the page ends where the store's page ends), and `next_cursor`
 * wraps the store's own continuation token (version listings: its key and version-id markers). Nothing
 * beyond one page is ever held.
 */
export function registerListObjects(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.objects,
    {
      schema: {
        tags: ['objects'],
        summary:
          'List objects one level under a prefix, every key under it, the versions of a key, or one object',
        params: objectRouteParamsSchema,
        querystring: listObjectsQuerySchema,
        response: {
          200: listObjectsResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request): Promise<ListObjectsResponse> => {
      const { bucket } = request.params;
      const q = request.query;
      const s3 = request.session.s3;
      if (q.with_metadata === true) {
        if (q.prefix === '') throw apiErrors.badRequest('with_metadata needs prefix to name an object.');
        return { objects: [await objectWithMetadata(s3, bucket, q.prefix, q.version_id)] };
      }
      if (q.version_id !== undefined) throw apiErrors.badRequest('version_id goes with with_metadata.');
      if (q.with_versions === true) {
        if (q.prefix === '') throw apiErrors.badRequest('with_versions needs prefix to name an object.');
        return listKeyVersions(s3, bucket, q.prefix, q.limit, q.cursor);
      }
      return listLevel(s3, bucket, q.prefix, q.recursive === true, q.limit, q.cursor);
    },
  );
}

async function listLevel(
  s3: Minio.Client,
  bucket: string,
  prefix: string,
  recursive: boolean,
  limit: number,
  cursor: string | undefined,
): Promise<ListObjectsResponse> {
  let token = decodeCursor(cursor)?.t;
  if (cursor !== undefined && cursor !== '' && token === undefined)
    throw apiErrors.badRequest('The listing cursor is not valid.');
  const items: ObjectItem[] = [];
  let more = true;
  while (items.length < limit) {
    const page = await listObjectsPage(s3, bucket, {
      prefix,
      delimiter: recursive ? '' : '/',
      maxKeys: Math.min(1000, limit - items.length),
      ...(token === undefined ? {} : { continuationToken: token }),
    });
    for (const e of mergeByKey(page.prefixes, page.objects, (o) => o.key)) {
      if (typeof e === 'string') items.push({ name: e });
      // The folder's own marker object ("photos/" inside "photos/") is the folder, not a row of it.
      else if (recursive || e.key !== prefix || !prefix.endsWith('/'))
        items.push({
          name: e.key,
          size: e.size,
          last_modified: e.lastModified,
          etag: e.etag,
          ...(e.storageClass ? { storage_class: e.storageClass } : {}),
        });
    }
    token = page.nextContinuationToken;
    if (!page.isTruncated || token === undefined) {
      more = false;
      break;
    }
  }
  return {
    objects: recursive ? items : foldersFirst(items),
    ...(more && token !== undefined ? { next_cursor: encodeCursor({ t: token }) } : {}),
  };
}

/** Every version and delete marker of the key `key`, newest first (S3 API: ListObjectVersions). */
async function listKeyVersions(
  s3: Minio.Client,
  bucket: string,
  key: string,
  limit: number,
  cursor: string | undefined,
): Promise<ListObjectsResponse> {
  const state = decodeCursor(cursor);
  let keyMarker = state?.k;
  let versionIdMarker = state?.v;
  const items: ObjectItem[] = [];
  for (;;) {
    // One entry more than needed tells whether another page follows, so the last page is never empty.
    const page = await listVersionsPage(s3, bucket, {
      prefix: key,
      delimiter: '',
      maxKeys: Math.min(1000, limit - items.length + 1),
      ...(keyMarker === undefined ? {} : { keyMarker }),
      ...(versionIdMarker === undefined ? {} : { versionIdMarker }),
    });
    for (const v of page.versions) {
      // The prefix also matches longer keys ("a.txt.bak"); they sort after the key itself.
      if (v.key !== key) return { objects: items };
      if (items.length === limit) {
        const last = items[items.length - 1] as ObjectItem;
        return { objects: items, next_cursor: encodeCursor({ k: key, v: last.version_id ?? 'null' }) };
      }
      items.push(versionItem(v));
    }
    keyMarker = page.nextKeyMarker;
    versionIdMarker = page.nextVersionIdMarker;
    if (!page.isTruncated || keyMarker === undefined) return { objects: items };
  }
}

/** Store answers that mean "this bucket has no object lock" or "no such setting": the field is left out. */
const absentSettingCodes = [
  'InvalidRequest',
  'NoSuchObjectLockConfiguration',
  'ObjectLockConfigurationNotFoundError',
  'NoSuchTagSet',
  'NotImplemented',
  'MethodNotAllowed',
  'AccessDenied',
];

async function optional<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (hasErrorCode(err, ...absentSettingCodes)) return undefined;
    throw err;
  }
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The object `key` itself (S3 API: HeadObject, GetObjectTagging, GetObjectRetention, GetObjectLegalHold). */
async function objectWithMetadata(
  s3: Minio.Client,
  bucket: string,
  key: string,
  versionId?: string,
): Promise<ObjectItem> {
  // Every request names the version when one was asked for (HeadObject and the sub-resources take ?versionId).
  const version = versionId === undefined ? '' : `versionId=${encodeURIComponent(versionId)}`;
  let headers: Record<string, string | string[] | undefined> | null;
  try {
    const res = await s3.makeRequestAsync(
      { method: 'HEAD', bucketName: bucket, objectName: key, ...(version === '' ? {} : { query: version }) },
      '',
      [200, 400],
    );
    await readBody(res);
    // 400 to a plain HEAD: the object is encrypted with a customer key (SSE-C) the console lacks.
    headers =
      res.statusCode === 400 ? await customerKeyObjectHeaders(s3, bucket, key, versionId) : res.headers;
  } catch (err) {
    // A HEAD answer has no body, so the SDK can only say "NotFound" for a missing object (or bucket).
    if (hasErrorCode(err, 'NotFound')) {
      throw new ApiHttpError(
        404,
        'The specified object does not exist',
        versionId === undefined
          ? `No object '${key}' in bucket '${bucket}' (or it was deleted).`
          : `No version '${versionId}' of '${key}' in bucket '${bucket}' (or it is a delete marker).`,
        { cause: err },
      );
    }
    throw err;
  }
  if (headers === null) {
    throw new ApiHttpError(
      400,
      'The object cannot be described',
      `The store answered 400 Bad Request to HeadObject of '${key}', and no version of it is listed.`,
    );
  }
  const sub = (query: string) => () =>
    s3XmlRequest(s3, {
      method: 'GET',
      bucketName: bucket,
      objectName: key,
      query: version === '' ? query : `${query}&${version}`,
    });
  const [tagging, retention, legalHold] = await Promise.all([
    optional(sub('tagging')),
    optional(sub('retention')),
    optional(sub('legal-hold')),
  ]);
  const userMetadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith('x-amz-meta-') && value !== undefined)
      userMetadata[name.slice('x-amz-meta-'.length)] = Array.isArray(value) ? value.join(', ') : value;
  }
  const lastModified = header(headers, 'last-modified');
  const etag = header(headers, 'etag');
  const contentType = header(headers, 'content-type');
  const storedVersionId = header(headers, 'x-amz-version-id');
  const replicationStatus = header(headers, 'x-amz-replication-status');
  const item: ObjectItem = {
    name: key,
    size: Number(header(headers, 'content-length') ?? '0'),
    ...(lastModified === undefined ? {} : { last_modified: new Date(lastModified).toISOString() }),
    ...(etag === undefined ? {} : { etag: etag.replace(/^"|"$/g, '') }),
    ...(contentType === undefined ? {} : { content_type: contentType }),
    ...(storedVersionId === undefined ? {} : { version_id: storedVersionId }),
    user_metadata: userMetadata,
    ...(replicationStatus === undefined ? {} : { replication_status: replicationStatus }),
    ...encryptionFromHeaders(headers),
    ...tierState(headers),
  };
  if (tagging !== undefined) {
    const tagSet = (tagging.Tagging as XmlRecord | undefined)?.TagSet as XmlRecord | undefined;
    const tags: Record<string, string> = {};
    for (const t of xmlList(tagSet?.Tag)) tags[xmlText(t.Key)] = xmlText(t.Value);
    item.tags = tags;
  }
  const r = retention?.Retention as XmlRecord | undefined;
  const mode = xmlText(r?.Mode).toUpperCase();
  if (mode === 'GOVERNANCE' || mode === 'COMPLIANCE') {
    item.retention_mode = mode;
    const until = new Date(xmlText(r?.RetainUntilDate));
    if (!Number.isNaN(until.getTime())) item.retention_until_date = until.toISOString();
  }
  const hold = xmlText((legalHold?.LegalHold as XmlRecord | undefined)?.Status).toUpperCase();
  if (hold === 'ON' || hold === 'OFF') item.legal_hold_status = hold;
  return item;
}
