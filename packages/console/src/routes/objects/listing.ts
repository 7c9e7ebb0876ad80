// SPDX-License-Identifier: Apache-2.0
import type { IncomingMessage } from 'node:http';
import type { ObjectItem } from '@stowage/contracts';
import { XMLParser } from 'fast-xml-parser';
import type * as Minio from 'minio';
import { compareKeys } from './object-keys.js';

/**
 * One page of an S3 listing at a time, through signed requests of the caller's `minio` client.
 *
 * Why not the SDK's own listing calls: `listObjectsV2` streams a whole prefix with no way to stop and
 * resume from a token, and the page-level `listObjectsV2Query`/`listObjectsQuery` parse keys and tokens
 * as numbers ("00123" → 123) and do not escape version markers. These requests reuse the SDK's signing
 * (`makeRequestAsync`) and parse the XML with every value kept as text.
 */

type RequestOptions = Parameters<Minio.Client['makeRequestAsync']>[0];

const repeated = new Set([
  'Contents',
  'CommonPrefixes',
  'Version',
  'DeleteMarker',
  'Deleted',
  'Error',
  'Tag',
]);
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => repeated.has(name),
});

export type XmlRecord = Record<string, unknown>;

/** S3 query values are escaped like the SDK's `uriEscape` (RFC 3986, '!*'()' too). */
function escapeQueryValue(v: string): string {
  return encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `k=v&…` sorted by name, as SigV4 wants; `undefined` values are left out, '' keeps a bare name. */
export function s3Query(params: Record<string, string | undefined>): string {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined)
    .sort()
    .map((k) => (params[k] === '' ? k : `${k}=${escapeQueryValue(params[k] as string)}`))
    .join('&');
}

export async function readBody(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A signed S3 request whose XML answer is parsed; non-2xx answers throw the SDK's S3Error (with `code`). */
export async function s3XmlRequest(
  s3: Minio.Client,
  options: RequestOptions,
  payload: Buffer | string = '',
): Promise<XmlRecord> {
  const res = await s3.makeRequestAsync(options, payload, [200]);
  const body = await readBody(res);
  return parser.parse(body) as XmlRecord;
}

/** An element's text ('' when absent). */
export function xmlText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return xmlText(v[0]);
  return typeof v === 'string' ? v : String(v);
}

/** A repeated element as an array. */
export function xmlList(v: unknown): XmlRecord[] {
  return Array.isArray(v) ? (v as XmlRecord[]) : v === undefined || v === '' ? [] : [v as XmlRecord];
}

/** `encoding-type=url` values: percent-encoded (a '+' read as a space, as older servers send it). */
function decodeKey(v: unknown): string {
  return decodeURIComponent(xmlText(v).replace(/\+/g, ' '));
}

function unquote(etag: unknown): string {
  return xmlText(etag).replace(/^"|"$/g, '');
}

function isoDate(v: unknown): string {
  const d = new Date(xmlText(v));
  return Number.isNaN(d.getTime()) ? xmlText(v) : d.toISOString();
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: string;
  etag: string;
  /** The storage class when not STANDARD: a tier's name once lifecycle moved the object (issue 19). */
  storageClass?: string;
}

export interface ObjectsPage {
  objects: ListedObject[];
  /** Common prefixes (folders), ending in the delimiter. */
  prefixes: string[];
  isTruncated: boolean;
  nextContinuationToken?: string;
}

function tierClass(v: unknown): { storageClass?: string } {
  const c = xmlText(v);
  return c === '' || c === 'STANDARD' ? {} : { storageClass: c };
}

/** S3 API: ListObjectsV2, one page (max-keys ≤ 1000). */
export async function listObjectsPage(
  s3: Minio.Client,
  bucket: string,
  opts: {
    prefix: string;
    delimiter: string;
    maxKeys: number;
    continuationToken?: string;
    /** List keys after this one (resuming a walk without a token, e.g. after a restart). */
    startAfter?: string;
  },
): Promise<ObjectsPage> {
  const query = s3Query({
    'list-type': '2',
    'encoding-type': 'url',
    prefix: opts.prefix,
    delimiter: opts.delimiter === '' ? undefined : opts.delimiter,
    'max-keys': String(Math.min(1000, opts.maxKeys)),
    'continuation-token': opts.continuationToken,
    'start-after': opts.continuationToken === undefined ? opts.startAfter : undefined,
  });
  const doc = await s3XmlRequest(s3, { method: 'GET', bucketName: bucket, query });
  const r = (doc.ListBucketResult ?? {}) as XmlRecord;
  const next = xmlText(r.NextContinuationToken);
  return {
    objects: xmlList(r.Contents).map((c) => ({
      key: decodeKey(c.Key),
      size: Number(xmlText(c.Size) || '0'),
      lastModified: isoDate(c.LastModified),
      etag: unquote(c.ETag),
      ...tierClass(c.StorageClass),
    })),
    prefixes: xmlList(r.CommonPrefixes).map((p) => decodeKey(p.Prefix)),
    isTruncated: xmlText(r.IsTruncated) === 'true',
    ...(next === '' ? {} : { nextContinuationToken: next }),
  };
}

export interface ListedVersion {
  key: string;
  versionId: string;
  isLatest: boolean;
  isDeleteMarker: boolean;
  lastModified: string;
  size?: number;
  etag?: string;
}

export interface VersionsPage {
  /** Grouped by key in key order, each key's versions newest first. */
  versions: ListedVersion[];
  prefixes: string[];
  isTruncated: boolean;
  nextKeyMarker?: string;
  nextVersionIdMarker?: string;
}

/**
 * S3 API: ListObjectVersions, one page. S3 answers versions and delete markers as two lists, so the
 * page's entries are put back in listing order: by key, then newest first (the latest one first on a tie).
 */
export async function listVersionsPage(
  s3: Minio.Client,
  bucket: string,
  opts: { prefix: string; delimiter: string; maxKeys: number; keyMarker?: string; versionIdMarker?: string },
): Promise<VersionsPage> {
  const query = s3Query({
    versions: '',
    'encoding-type': 'url',
    prefix: opts.prefix,
    delimiter: opts.delimiter === '' ? undefined : opts.delimiter,
    'max-keys': String(Math.min(1000, opts.maxKeys)),
    'key-marker': opts.keyMarker,
    'version-id-marker': opts.keyMarker === undefined ? undefined : opts.versionIdMarker,
  });
  const doc = await s3XmlRequest(s3, { method: 'GET', bucketName: bucket, query });
  const r = (doc.ListVersionsResult ?? {}) as XmlRecord;
  const entry = (v: XmlRecord, isDeleteMarker: boolean): ListedVersion => ({
    key: decodeKey(v.Key),
    versionId: xmlText(v.VersionId) || 'null',
    isLatest: xmlText(v.IsLatest) === 'true',
    isDeleteMarker,
    lastModified: isoDate(v.LastModified),
    ...(isDeleteMarker ? {} : { size: Number(xmlText(v.Size) || '0'), etag: unquote(v.ETag) }),
  });
  const versions = [
    ...xmlList(r.Version).map((v) => entry(v, false)),
    ...xmlList(r.DeleteMarker).map((v) => entry(v, true)),
  ];
  versions.sort(
    (a, b) =>
      compareKeys(a.key, b.key) ||
      Date.parse(b.lastModified) - Date.parse(a.lastModified) ||
      Number(b.isLatest) - Number(a.isLatest),
  );
  const isTruncated = xmlText(r.IsTruncated) === 'true';
  const nextKey = r.NextKeyMarker === undefined ? undefined : decodeKey(r.NextKeyMarker);
  const nextVid = xmlText(r.NextVersionIdMarker);
  return {
    versions,
    prefixes: xmlList(r.CommonPrefixes).map((p) => decodeKey(p.Prefix)),
    isTruncated,
    ...(isTruncated && nextKey !== undefined ? { nextKeyMarker: nextKey } : {}),
    ...(isTruncated && nextVid !== '' ? { nextVersionIdMarker: nextVid } : {}),
  };
}

/** A listed version as the contract's item. */
export function versionItem(v: ListedVersion): ObjectItem {
  return {
    name: v.key,
    last_modified: v.lastModified,
    version_id: v.versionId,
    is_latest: v.isLatest,
    is_delete_marker: v.isDeleteMarker,
    ...(v.size === undefined ? {} : { size: v.size }),
    ...(v.etag === undefined ? {} : { etag: v.etag }),
  };
}

/**
 * Folders first, then objects (spec 1 §2.6 listing), each in key order. Applied to one response page:
 * a page is a contiguous stretch of the key space, so later pages may bring further folders.
 */
export function foldersFirst(items: ObjectItem[]): ObjectItem[] {
  return [...items.filter((i) => i.name.endsWith('/')), ...items.filter((i) => !i.name.endsWith('/'))];
}

/** Merges a page's folders and objects into key order. */
export function mergeByKey<T>(prefixes: string[], entries: T[], keyOf: (e: T) => string): (string | T)[] {
  const out: (string | T)[] = [];
  let i = 0;
  let j = 0;
  while (i < prefixes.length || j < entries.length) {
    const p = prefixes[i];
    const e = entries[j];
    if (e === undefined || (p !== undefined && compareKeys(p, keyOf(e)) <= 0)) {
      out.push(p as string);
      i++;
    } else {
      out.push(e);
      j++;
    }
  }
  return out;
}
