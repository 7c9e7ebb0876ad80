// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type ListObjectsResponse,
  listObjectsResponseSchema,
  type ObjectItem,
  rewindParamsSchema,
  rewindQuerySchema,
} from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { foldersFirst, type ListedVersion, listVersionsPage, mergeByKey, versionItem } from './listing.js';
import { decodeCursor, encodeCursor } from './object-keys.js';

/**
 * GET /api/v1/buckets/{bucket}/rewind/{date}?prefix (spec 1 §4 "Rewind", §7): the level under `prefix` as
 * it was at `date`. Each key shows its newest version last modified at or before the date; when that is a
 * delete marker the row carries `delete_flag` (the "Deleted" column). Keys created after the date are left
 * out. Folders are the store's common prefixes of the version listing (a folder whose content all came
 * later still shows, as finding out would mean reading the whole folder).
 *
 * Streams ListObjectVersions pages and keeps only the current key's best candidate, so memory does not
 * grow with the number of versions. The cursor is the last key or folder returned: the next page asks
 * the store for what follows it (`key-marker`).
 */
export function registerRewind(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.rewind,
    {
      schema: {
        tags: ['objects'],
        summary: 'List objects under a prefix as they were at a date',
        params: rewindParamsSchema,
        querystring: rewindQuerySchema,
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
      const { bucket, date } = request.params;
      const { prefix, limit, cursor } = request.query;
      const at = parseRewindDate(date);
      const s3 = request.session.s3;

      const items: ObjectItem[] = [];
      let lastMarker: string | undefined;
      let stopped = false;
      const emit = (item: ObjectItem): void => {
        if (stopped) return;
        if (items.length >= limit) {
          stopped = true;
          return;
        }
        items.push(item);
        lastMarker = item.name;
      };

      // The key being resolved and its newest version at or before the date (if any yet).
      let current: { key: string; best?: ListedVersion } | undefined;
      const flush = (): void => {
        if (current?.best !== undefined)
          emit({ ...versionItem(current.best), delete_flag: current.best.isDeleteMarker });
        current = undefined;
      };

      let keyMarker = decodeCursor(cursor)?.k;
      if (cursor !== undefined && cursor !== '' && keyMarker === undefined)
        throw apiErrors.badRequest('The listing cursor is not valid.');
      let versionIdMarker: string | undefined;
      for (;;) {
        const page = await listVersionsPage(s3, bucket, {
          prefix,
          delimiter: '/',
          maxKeys: 1000,
          ...(keyMarker === undefined ? {} : { keyMarker }),
          ...(versionIdMarker === undefined ? {} : { versionIdMarker }),
        });
        for (const e of mergeByKey(page.prefixes, page.versions, (v) => v.key)) {
          if (typeof e === 'string') {
            flush();
            emit({ name: e });
          } else {
            // The folder's own marker object is the folder, not a row in it.
            if (e.key === prefix && prefix.endsWith('/')) continue;
            if (current?.key !== e.key) {
              flush();
              current = { key: e.key };
            }
            if (current.best === undefined && Date.parse(e.lastModified) <= at) current.best = e;
          }
          if (stopped) break;
        }
        if (stopped) break;
        keyMarker = page.nextKeyMarker;
        versionIdMarker = page.nextVersionIdMarker;
        if (!page.isTruncated || keyMarker === undefined) {
          flush();
          break;
        }
      }
      return {
        objects: foldersFirst(items),
        ...(stopped && lastMarker !== undefined ? { next_cursor: encodeCursor({ k: lastMarker }) } : {}),
      };
    },
  );
}

/** The rewind date: an RFC 3339 / ISO 8601 date or date-time; anything else is 400. */
function parseRewindDate(raw: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw apiErrors.badRequest(`'${raw}' is not a date; use an ISO 8601 date such as 2024-05-01T12:00:00Z.`);
  }
  return ms;
}
