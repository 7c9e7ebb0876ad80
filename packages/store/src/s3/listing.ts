// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';
import type { ObjectInfo, ObjectSummary, OwnerRecord } from '../object-layer/types.js';
import { ownerXml } from './access/owner.js';
import { encodeListValue } from './response.js';
import type { S3Request } from './types.js';
import { XmlElements, xmlDate, xmlElement, xmlEscape } from './xml.js';

/** S3 returns at most 1000 keys per listing page. */
export const MAX_LIST_KEYS = 1000;

export interface ListParams {
  prefix: string;
  delimiter: string;
  maxKeys: number;
  urlEncode: boolean;
}

/** prefix, delimiter, max-keys (0–1000, larger clamps), encoding-type (only `url`). */
export function listParams(req: S3Request): ListParams {
  const q = req.query;
  const raw = q.get('max-keys');
  let maxKeys = MAX_LIST_KEYS;
  if (raw !== null && raw !== '') {
    if (!/^-?\d+$/.test(raw) || Number(raw) < 0) {
      throw new S3Error('InvalidArgument', 'Argument maxKeys must be an integer between 0 and 2147483647', {
        ArgumentName: 'maxKeys',
        ArgumentValue: raw,
      });
    }
    maxKeys = Math.min(Number(raw), MAX_LIST_KEYS);
  }
  const encoding = q.get('encoding-type');
  if (encoding !== null && encoding !== '' && encoding.toLowerCase() !== 'url') {
    throw new S3Error('InvalidArgument', 'Invalid Encoding Method specified in Request', {
      ArgumentName: 'encoding-type',
      ArgumentValue: encoding,
    });
  }
  return {
    prefix: q.get('prefix') ?? '',
    delimiter: q.get('delimiter') ?? '',
    maxKeys,
    urlEncode: encoding?.toLowerCase() === 'url',
  };
}

/** Condition keys of s3:ListBucket / s3:ListBucketVersions (bucket policies with s3:prefix rules). */
export function listConditions(req: S3Request): Record<string, string[]> {
  const q = req.query;
  const c: Record<string, string[]> = { 's3:prefix': [q.get('prefix') ?? ''] };
  const d = q.get('delimiter');
  if (d !== null) c['s3:delimiter'] = [d];
  const m = q.get('max-keys');
  if (m !== null) c['s3:max-keys'] = [m];
  return c;
}

/** An ETag as a listing writes it: quoted, escaped. */
function etagXml(etag: string): string {
  return etag.startsWith('"') ? xmlEscape(etag) : `&quot;${xmlEscape(etag)}&quot;`;
}

/** MinIO's metadata extension (PROTOCOL-NOTES §7): user metadata as Items, tags as a query string. */
function metadataXml(meta: ObjectInfo): string {
  const items = Object.entries(meta.userMetadata).map(([k, v]) => ({
    Key: `X-Amz-Meta-${canonicalName(k)}`,
    Value: v,
  }));
  items.push({ Key: 'content-type', Value: meta.contentType });
  for (const [k, v] of Object.entries(meta.systemMetadata)) items.push({ Key: k, Value: v });
  const tags = new URLSearchParams(meta.tags).toString();
  return xmlElement('UserMetadata', { Items: items }) + (tags ? xmlElement('UserTags', tags) : '');
}

/**
 * The `<Contents>` entries (V1/V2) of a page's keys, written in one string: Key, LastModified, ETag,
 * Size, Owner (when `owner` is given), StorageClass (a version transitioned to a remote tier reports
 * the tier's name, as MinIO), and with MinIO's metadata extension each key's version (`metas`).
 */
export function contentsXml(
  objects: readonly ObjectSummary[],
  opts: {
    urlEncode: boolean;
    owner: ((recorded: OwnerRecord | null) => OwnerRecord) | null;
  },
  metas: readonly ObjectInfo[] | null = null,
): XmlElements {
  let xml = '';
  // Most keys show the same owner (the bucket's): its element is written once.
  let lastOwner: OwnerRecord | null = null;
  let ownerText = '';
  for (let i = 0; i < objects.length; i++) {
    const o = objects[i] as ObjectSummary;
    if (opts.owner) {
      const who = opts.owner(o.owner);
      if (who !== lastOwner) {
        lastOwner = who;
        ownerText = xmlElement('Owner', ownerXml(who));
      }
    }
    const meta = metas?.[i];
    xml +=
      `<Contents><Key>${xmlEscape(encodeListValue(o.key, opts.urlEncode))}</Key>` +
      `<LastModified>${xmlDate(o.lastModified)}</LastModified><ETag>${etagXml(o.etag)}</ETag>` +
      `<Size>${o.size}</Size>${ownerText}<StorageClass>${xmlEscape(o.storageClass)}</StorageClass>` +
      `${meta ? metadataXml(meta) : ''}</Contents>`;
  }
  return new XmlElements(xml);
}

/** Continuation tokens are opaque to clients: base64url of the last key or prefix returned. */
export function encodeContinuationToken(after: string): string {
  return Buffer.from(after, 'utf8').toString('base64url');
}

export function decodeContinuationToken(token: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(token) || token === '') {
    throw new S3Error('InvalidArgument', 'The continuation token provided is incorrect', {
      ArgumentName: 'continuation-token',
    });
  }
  return Buffer.from(token, 'base64url').toString('utf8');
}

/** `key-name` → `Key-Name`, the canonical header form MinIO reports metadata names in. */
function canonicalName(name: string): string {
  return name
    .split('-')
    .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join('-');
}
