// SPDX-License-Identifier: Apache-2.0
import type * as Minio from 'minio';
import { readBody, s3Query, s3XmlRequest, xmlList, xmlText } from '../routes/objects/listing.js';

/**
 * Server-side copy of one object for the copy and move jobs (issue 35): S3 CopyObject up to 5 GiB
 * (metadata and tags copied by the COPY directives), a multipart upload of UploadPartCopy parts above it
 * (metadata, content headers and tags carried over explicitly). Encryption follows the destination's
 * default when it has one, else the source's own (SSE-S3, or SSE-KMS with the same key); object lock
 * state (retention, legal hold) is carried over when the destination bucket has object lock.
 */

/** S3 refuses CopyObject sources above 5 GiB. */
export const MAX_SINGLE_COPY = 5 * 1024 ** 3;
/** Parts of a multipart copy (S3 allows 5 MiB–5 GiB per part, 10,000 parts). */
const MIN_COPY_PART = 256 * 1024 ** 2;
const PART_COPIES_AT_ONCE = 4;

/** What HEAD says about an object, headers lower-cased. */
export interface ObjectHead {
  size: number;
  etag: string;
  versionId?: string;
  headers: Record<string, string>;
}

/** Why an object cannot be handled; reported in the job's failures. */
export class CopyRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface CopyTarget {
  /** The destination bucket has a default encryption (the store applies it to copies without SSE headers). */
  defaultEncryption: boolean;
  /** The destination bucket has object lock (retention and legal hold can be carried over). */
  locking: boolean;
}

function isNotFound(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'NotFound' || code === 'NoSuchKey' || code === 'NoSuchVersion';
}

/** S3 API: HeadObject; null when there is no such object. */
export async function headObject(s3: Minio.Client, bucket: string, key: string): Promise<ObjectHead | null> {
  try {
    const res = await s3.makeRequestAsync(
      { method: 'HEAD', bucketName: bucket, objectName: key, headers: { 'x-amz-checksum-mode': 'ENABLED' } },
      '',
      [200],
    );
    res.resume();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[k.toLowerCase()] = v;
    const vid = headers['x-amz-version-id'];
    return {
      size: Number(headers['content-length'] ?? '0'),
      etag: (headers.etag ?? '').replace(/^"|"$/g, ''),
      ...(vid === undefined || vid === '' || vid === 'null' ? {} : { versionId: vid }),
      headers,
    };
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/**
 * Why `head` may not be moved away: a legal hold or an unexpired retention keeps the version, and a
 * move that left it would only hide it behind a delete marker.
 */
export function lockedReason(head: ObjectHead, now: number): CopyRefused | null {
  if (head.headers['x-amz-object-lock-legal-hold'] === 'ON')
    return new CopyRefused(
      'LegalHold',
      'The object is under legal hold: it was not moved (nothing was copied)',
    );
  const until = Date.parse(head.headers['x-amz-object-lock-retain-until-date'] ?? '');
  if (Number.isFinite(until) && until > now)
    return new CopyRefused(
      'Retention',
      `The object is retained (${head.headers['x-amz-object-lock-mode'] ?? 'locked'}) until ${new Date(until).toISOString()}: it was not moved`,
    );
  return null;
}

/** x-amz-copy-source: the bucket and the key (each segment URL-encoded), and the version copied. */
function copySource(bucket: string, key: string, versionId: string | undefined): string {
  const path = `/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return versionId === undefined ? path : `${path}?versionId=${encodeURIComponent(versionId)}`;
}

/** The SSE and lock headers a copy of `head` sends to its destination. */
function protectionHeaders(head: ObjectHead, target: CopyTarget, now: number): Record<string, string> {
  const h: Record<string, string> = {};
  if (head.headers['x-amz-server-side-encryption-customer-algorithm'] !== undefined) {
    throw new CopyRefused(
      'SseCustomerKey',
      'The object is encrypted with a customer-provided key (SSE-C): the console cannot copy it without that key',
    );
  }
  const sse = head.headers['x-amz-server-side-encryption'];
  if (!target.defaultEncryption && sse !== undefined) {
    h['x-amz-server-side-encryption'] = sse;
    const keyId = head.headers['x-amz-server-side-encryption-aws-kms-key-id'];
    if (sse === 'aws:kms' && keyId !== undefined) h['x-amz-server-side-encryption-aws-kms-key-id'] = keyId;
  }
  if (target.locking) {
    const until = head.headers['x-amz-object-lock-retain-until-date'];
    const mode = head.headers['x-amz-object-lock-mode'];
    if (until !== undefined && mode !== undefined && Date.parse(until) > now) {
      h['x-amz-object-lock-mode'] = mode;
      h['x-amz-object-lock-retain-until-date'] = until;
    }
    if (head.headers['x-amz-object-lock-legal-hold'] === 'ON') h['x-amz-object-lock-legal-hold'] = 'ON';
  }
  return h;
}

const carriedHeaders = [
  'content-type',
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'expires',
];

/** The metadata of `head` as request headers of CreateMultipartUpload (CopyObject copies them itself). */
function metadataHeaders(head: ObjectHead): Record<string, string> {
  const h: Record<string, string> = {};
  for (const [k, v] of Object.entries(head.headers)) {
    if (k.startsWith('x-amz-meta-') || carriedHeaders.includes(k)) h[k] = v;
  }
  return h;
}

/** S3 API: GetObjectTagging, as the x-amz-tagging header value. */
async function taggingHeader(
  s3: Minio.Client,
  bucket: string,
  key: string,
  versionId?: string,
): Promise<string> {
  const doc = await s3XmlRequest(s3, {
    method: 'GET',
    bucketName: bucket,
    objectName: key,
    query: s3Query({ tagging: '', versionId }),
  });
  const set = (doc.Tagging as Record<string, unknown> | undefined)?.TagSet as
    | Record<string, unknown>
    | undefined;
  return xmlList(set?.Tag)
    .map((t) => `${encodeURIComponent(xmlText(t.Key))}=${encodeURIComponent(xmlText(t.Value))}`)
    .join('&');
}

export interface CopyResult {
  etag: string;
  /** Whether the copy's bytes are known to equal the source's (ETag or checksum), not only its size. */
  verifiedBy: 'etag' | 'checksum' | 'size';
}

/** Copies `head` (the object `key` of `bucket`) to `targetKey` of `targetBucket`, then checks the copy. */
export async function copyObjectTo(
  s3: Minio.Client,
  from: { bucket: string; key: string; head: ObjectHead },
  to: { bucket: string; key: string; target: CopyTarget },
  options: { multipartThreshold?: number } = {},
): Promise<CopyResult> {
  const now = Date.now();
  const protection = protectionHeaders(from.head, to.target, now);
  const source = copySource(from.bucket, from.key, from.head.versionId);
  const threshold = options.multipartThreshold ?? MAX_SINGLE_COPY;
  let etag: string;
  if (from.head.size <= threshold) {
    const doc = await s3XmlRequest(
      s3,
      {
        method: 'PUT',
        bucketName: to.bucket,
        objectName: to.key,
        headers: {
          'x-amz-copy-source': source,
          'x-amz-metadata-directive': 'COPY',
          'x-amz-tagging-directive': 'COPY',
          ...protection,
        },
      },
      '',
    );
    etag = xmlText((doc.CopyObjectResult as Record<string, unknown> | undefined)?.ETag).replace(/^"|"$/g, '');
  } else {
    etag = await multipartCopy(s3, from, to, source, {
      ...metadataHeaders(from.head),
      ...protection,
      'x-amz-tagging': await taggingHeader(s3, from.bucket, from.key, from.head.versionId),
    });
  }
  // The ETag the store answers for the copy is the MD5 of the bytes it wrote: equal to the source's, the
  // copy is verified without reading it back.
  if (etag !== '' && etag === from.head.etag && /^[0-9a-f]{32}$/.test(etag))
    return { etag, verifiedBy: 'etag' };
  return { etag, verifiedBy: await verifyCopy(s3, from.head, to.bucket, to.key, etag) };
}

/** S3 API: CreateMultipartUpload, UploadPartCopy (ranges of the source), CompleteMultipartUpload. */
async function multipartCopy(
  s3: Minio.Client,
  from: { bucket: string; key: string; head: ObjectHead },
  to: { bucket: string; key: string },
  source: string,
  headers: Record<string, string>,
): Promise<string> {
  if (headers['x-amz-tagging'] === '') delete headers['x-amz-tagging'];
  const created = await s3XmlRequest(s3, {
    method: 'POST',
    bucketName: to.bucket,
    objectName: to.key,
    query: 'uploads',
    headers,
  });
  const uploadId = xmlText(
    (created.InitiateMultipartUploadResult as Record<string, unknown> | undefined)?.UploadId,
  );
  const size = from.head.size;
  const partSize = Math.max(MIN_COPY_PART, Math.ceil(size / 10_000));
  const count = Math.ceil(size / partSize);
  const etags: string[] = new Array(count);
  try {
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < count; i = next++) {
        const start = i * partSize;
        const end = Math.min(size, start + partSize) - 1;
        const doc = await s3XmlRequest(s3, {
          method: 'PUT',
          bucketName: to.bucket,
          objectName: to.key,
          query: s3Query({ partNumber: String(i + 1), uploadId }),
          headers: { 'x-amz-copy-source': source, 'x-amz-copy-source-range': `bytes=${start}-${end}` },
        });
        etags[i] = xmlText((doc.CopyPartResult as Record<string, unknown> | undefined)?.ETag);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PART_COPIES_AT_ONCE, count) }, worker));
    const body = `<CompleteMultipartUpload>${etags
      .map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`)
      .join('')}</CompleteMultipartUpload>`;
    const done = await s3XmlRequest(
      s3,
      { method: 'POST', bucketName: to.bucket, objectName: to.key, query: s3Query({ uploadId }) },
      body,
    );
    return xmlText((done.CompleteMultipartUploadResult as Record<string, unknown> | undefined)?.ETag).replace(
      /^"|"$/g,
      '',
    );
  } catch (err) {
    await s3
      .makeRequestAsync(
        { method: 'DELETE', bucketName: to.bucket, objectName: to.key, query: s3Query({ uploadId }) },
        '',
        [204],
      )
      .then((res) => readBody(res))
      .catch(() => undefined);
    throw err;
  }
}

const checksumHeaders = [
  'x-amz-checksum-crc64nvme',
  'x-amz-checksum-crc32',
  'x-amz-checksum-crc32c',
  'x-amz-checksum-sha1',
  'x-amz-checksum-sha256',
];

/**
 * Checks the copy before a move deletes its source: the size must match, and the ETag (a plain MD5 of
 * the same bytes) or a full-object checksum of the same algorithm when both have one. Encrypted and
 * multipart copies have ETags of their own: for those, and when no checksum is shared, the size decides.
 */
async function verifyCopy(
  s3: Minio.Client,
  source: ObjectHead,
  bucket: string,
  key: string,
  etag: string,
): Promise<CopyResult['verifiedBy']> {
  const copy = await headObject(s3, bucket, key);
  if (copy === null) throw new CopyRefused('CopyMissing', 'The copy is not at the destination after copying');
  if (copy.size !== source.size) {
    throw new CopyRefused('CopyMismatch', `The copy has ${copy.size} bytes, the source ${source.size}`);
  }
  if (etag !== '' && etag === source.etag) return 'etag';
  for (const h of checksumHeaders) {
    const a = source.headers[h];
    const b = copy.headers[h];
    if (a !== undefined && b !== undefined) {
      if (a !== b)
        throw new CopyRefused('CopyMismatch', `The copy's ${h.slice(15)} checksum differs from the source's`);
      return 'checksum';
    }
  }
  const plainMd5 = /^[0-9a-f]{32}$/;
  const encrypted =
    source.headers['x-amz-server-side-encryption'] !== undefined ||
    copy.headers['x-amz-server-side-encryption'] !== undefined;
  if (!encrypted && plainMd5.test(source.etag) && plainMd5.test(copy.etag) && source.etag !== copy.etag) {
    throw new CopyRefused('CopyMismatch', "The copy's ETag differs from the source's");
  }
  return 'size';
}

/** The name "keep both" gives: "report (1).pdf", "report (2).pdf", … ("folder/name (1)" without an extension). */
export function keepBothName(key: string, n: number): string {
  const slash = key.lastIndexOf('/');
  const dot = key.lastIndexOf('.');
  if (dot > slash + 1) return `${key.slice(0, dot)} (${n})${key.slice(dot)}`;
  return `${key} (${n})`;
}
