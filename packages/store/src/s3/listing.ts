import { S3Error } from '../core/errors.js';
import type { ObjectInfo, ObjectSummary, OwnerRecord } from '../object-layer/types.js';
import { ownerXml } from './access/owner.js';
import { encodeListValue, quoteEtag } from './response.js';
import type { S3Request } from './types.js';
import { xmlDate } from './xml.js';

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

/**
 * One `<Contents>` entry (V1/V2) of a key's summary; with MinIO's metadata extension, `meta` is the
 * version itself.
 */
export function contentsEntry(
  o: ObjectSummary,
  opts: {
    urlEncode: boolean;
    owner: ((recorded: OwnerRecord | null) => OwnerRecord) | null;
  },
  meta: ObjectInfo | null = null,
): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    Key: encodeListValue(o.key, opts.urlEncode),
    LastModified: xmlDate(o.lastModified),
    ETag: quoteEtag(o.etag),
    Size: o.size,
    ...(opts.owner ? { Owner: ownerXml(opts.owner(o.owner)) } : {}),
    // A version transitioned to a remote tier reports the tier's name (MinIO).
    StorageClass: o.storageClass,
  };
  if (meta) {
    // MinIO extension (PROTOCOL-NOTES §7): user metadata as Items, tags as a query string.
    const items = Object.entries(meta.userMetadata).map(([k, v]) => ({
      Key: `X-Amz-Meta-${canonicalName(k)}`,
      Value: v,
    }));
    items.push({ Key: 'content-type', Value: meta.contentType });
    for (const [k, v] of Object.entries(meta.systemMetadata)) items.push({ Key: k, Value: v });
    entry.UserMetadata = { Items: items };
    const tags = new URLSearchParams(meta.tags).toString();
    if (tags) entry.UserTags = tags;
  }
  return entry;
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
