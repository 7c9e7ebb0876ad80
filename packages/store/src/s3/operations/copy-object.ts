// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { withoutTierState } from '../../object-layer/transition.js';
import { algorithmNamed } from '../checksum/algorithms.js';
import { checksumXml, hashedStream } from '../checksum/request.js';
import { resolveCopySource } from '../copy-source.js';
import { publishObjectEvent } from '../notify.js';
import { enforceQuota } from '../quota.js';
import { replicateVersion } from '../replication-hooks.js';
import { quoteEtag, xmlResponse } from '../response.js';
import { hasSseHeaders } from '../sse/headers.js';
import { copySourceUnsealer, sseResponseHeaders } from '../sse/seal.js';
import { parseTaggingHeader } from '../tags.js';
import type { S3Handler } from '../types.js';
import { dataOptions, newObjectOptions } from '../write-options.js';
import { xmlDate } from '../xml.js';

/** S3 refuses CopyObject sources above 5 GiB (multipart copy is the way there). */
export const MAX_COPY_SIZE = 5 * 1024 ** 3;

function directive(v: string | string[] | undefined, name: string): 'COPY' | 'REPLACE' {
  const d = (Array.isArray(v) ? v[0] : v) ?? 'COPY';
  if (d !== 'COPY' && d !== 'REPLACE') throw new S3Error('InvalidArgument', `Unknown ${name} directive.`);
  return d;
}

/**
 * S3 API: CopyObject. Metadata and tags come from the source (`COPY`, default) or from the request
 * (`REPLACE`); a copy onto itself must change something. Retention is not copied: the destination
 * gets the request's lock headers or its bucket's default, as in S3.
 */
export const copyObject: S3Handler = async (req, ctx) => {
  const metaDirective = directive(req.headers['x-amz-metadata-directive'], 'metadata');
  const tagDirective = directive(req.headers['x-amz-tagging-directive'], 'tagging');
  const destBucket = await ctx.layer.getBucketInfo(req.bucket);
  const { src, info } = await resolveCopySource(req, ctx);
  if (info.size > MAX_COPY_SIZE) {
    throw new S3Error(
      'InvalidRequest',
      `The specified copy source is larger than the maximum allowable size for a copy source: ${MAX_COPY_SIZE}`,
    );
  }
  const fromHeaders = await newObjectOptions(req, ctx, destBucket);
  const sourceKey = copySourceUnsealer(req, ctx, info);
  const sameObject = src.bucket === req.bucket && src.key === req.key;
  const changesSomething =
    metaDirective === 'REPLACE' ||
    tagDirective === 'REPLACE' ||
    req.headers['x-amz-object-lock-mode'] !== undefined ||
    req.headers['x-amz-object-lock-legal-hold'] !== undefined ||
    req.headers['x-amz-storage-class'] !== undefined ||
    hasSseHeaders(req.headers);
  if (
    sameObject &&
    !changesSomething &&
    (src.versionId === undefined || src.versionId === info.versionId) &&
    info.isLatest
  ) {
    throw new S3Error(
      'InvalidRequest',
      "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
    );
  }
  const meta =
    metaDirective === 'REPLACE'
      ? {
          contentType: fromHeaders.contentType,
          systemMetadata: fromHeaders.systemMetadata,
          userMetadata: fromHeaders.userMetadata,
        }
      : {
          contentType: info.contentType,
          // A copy of a transitioned version is stored here: it is not on the tier.
          systemMetadata: withoutTierState(info.systemMetadata),
          userMetadata: info.userMetadata,
        };
  const tagHeader = req.headers['x-amz-tagging'];
  const tags =
    tagDirective === 'REPLACE'
      ? (parseTaggingHeader(Array.isArray(tagHeader) ? tagHeader.join('&') : tagHeader) ?? {})
      : info.tags;

  let result: Awaited<ReturnType<typeof ctx.layer.putObject>>;
  if (
    sameObject &&
    destBucket.versioning !== 'Enabled' &&
    info.versionId === 'null' &&
    info.isLatest &&
    info.storageClass === fromHeaders.storageClass &&
    !info.encryption &&
    !fromHeaders.encryption
  ) {
    // Rewriting an unversioned object's metadata in place: reading and replacing the same version's
    // data at once would race with the layer's commit, and the bytes do not change.
    result = await ctx.layer.updateObjectMetadata(req.bucket, req.key, 'null', {
      ...meta,
      tags,
      retention: fromHeaders.retention,
      legalHold: fromHeaders.legalHold,
      ...(fromHeaders.acl ? { acl: fromHeaders.acl } : {}),
    });
  } else {
    await enforceQuota(ctx, req.bucket, info.size);
    const { stream } = await ctx.layer.getObject(src.bucket, src.key, {
      versionId: info.versionId,
      unseal: sourceKey,
    });
    // The copy is checksummed with the algorithm asked for, else the source's (recomputed whole),
    // else CRC64NVME (AWS's default).
    const asked = req.headers['x-amz-checksum-algorithm'];
    const algo = typeof asked === 'string' ? algorithmNamed(asked) : (info.checksum?.algo ?? 'CRC64NVME');
    if (typeof asked === 'string' && !algo)
      throw new S3Error('InvalidRequest', 'Value for x-amz-checksum-algorithm header is invalid.');
    const hashed = algo ? await hashedStream(stream, algo) : undefined;
    try {
      result = await ctx.layer.putObject(req.bucket, req.key, hashed?.stream ?? stream, {
        ...(algo && hashed
          ? {
              checksum: () => {
                const value = hashed.value();
                return value ? { algo, value, type: 'FULL_OBJECT' as const } : undefined;
              },
            }
          : {}),
        size: info.size,
        // The copy's class is the request's (STANDARD when not named), as S3; compression follows its
        // key and content type.
        ...dataOptions(ctx, req.key, meta.contentType, fromHeaders.storageClass),
        ...meta,
        tags,
        retention: fromHeaders.retention,
        legalHold: fromHeaders.legalHold,
        ...(fromHeaders.encryption ? { encryption: fromHeaders.encryption } : {}),
        ...(fromHeaders.acl ? { acl: fromHeaders.acl } : {}),
      });
    } finally {
      stream.destroy();
    }
  }
  await publishObjectEvent(ctx, req, 's3:ObjectCreated:Copy', result);
  await replicateVersion(req, ctx, result);
  // MinIO also sends the new ETag as a header; the minio SDK reads it from there.
  const headers: Record<string, string> = {
    etag: quoteEtag(result.etag),
    ...sseResponseHeaders(result.encryption, fromHeaders.encryption?.customer),
  };
  if (info.versionId !== 'null') headers['x-amz-copy-source-version-id'] = info.versionId;
  if (result.versionId !== 'null') headers['x-amz-version-id'] = result.versionId;
  return xmlResponse(
    'CopyObjectResult',
    {
      LastModified: xmlDate(result.lastModified),
      ETag: quoteEtag(result.etag),
      ...checksumXml(result.checksum),
    },
    { headers },
  );
};
