// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { authorize } from '../authorize.js';
import { checksumResponseHeaders, hashedStream, requestChecksum } from '../checksum/request.js';
import { publishObjectEvent } from '../notify.js';
import { LengthRange, readPostForm } from '../post-policy/form.js';
import { checkPostPolicy, parsePostPolicy } from '../post-policy/policy.js';
import { isSignedForm, postPolicySigner } from '../post-policy/signature.js';
import { enforceQuota } from '../quota.js';
import { quoteEtag, xmlResponse } from '../response.js';
import { parseTaggingXml } from '../tags.js';
import type { S3Handler, S3Request } from '../types.js';
import { newObjectOptions } from '../write-options.js';
import { MAX_PUT_SIZE } from './put-object.js';

/** The form fields that become the object's "headers" (metadata, content type, lock, class, tags). */
function formHeaders(fields: Map<string, string>, fileContentType: string): Record<string, string> {
  const h: Record<string, string> = {};
  for (const [k, v] of fields) {
    if (
      k.startsWith('x-amz-meta-') ||
      k.startsWith('x-amz-object-lock-') ||
      k.startsWith('x-amz-grant-') ||
      (k.startsWith('x-amz-checksum-') && k !== 'x-amz-checksum-algorithm') ||
      [
        'content-type',
        'cache-control',
        'content-disposition',
        'content-encoding',
        'content-language',
        'expires',
        'x-amz-storage-class',
      ].includes(k)
    ) {
      h[k] = v;
    }
  }
  h['content-type'] ??= fileContentType || 'binary/octet-stream';
  // The canned ACL (`acl`) and the checksum algorithm of a form are its x-amz-acl and SDK headers.
  const acl = fields.get('acl');
  if (acl !== undefined) h['x-amz-acl'] = acl;
  const algorithm = fields.get('x-amz-checksum-algorithm');
  if (algorithm !== undefined) h['x-amz-sdk-checksum-algorithm'] = algorithm;
  const tagging = fields.get('tagging');
  if (tagging !== undefined)
    h['x-amz-tagging'] = new URLSearchParams(
      Object.entries(parseTaggingXml(Buffer.from(tagging), 10)),
    ).toString();
  return h;
}

const FILENAME_VARIABLE = ['$', '{filename}'].join('');

function objectUrl(base: string, bucket: string, key: string): string {
  return `${base}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * S3 API: POST Object — a browser form upload. The policy's signature names the uploader (SigV4 or
 * SigV2; an unsigned form is anonymous, for bucket policies), the policy's conditions are checked
 * against the fields before the file is read, and the file is stored like a PutObject whose size
 * `content-length-range` bounds. Answers 204 (default), 200, 201 with a PostResponse document, or a
 * 303 to `success_action_redirect`.
 */
export const postObject: S3Handler = async (req, ctx) => {
  const bucket = await ctx.layer.getBucketInfo(req.bucket);
  const form = await readPostForm(req);
  const { fields } = form;
  try {
    const rawKey = fields.get('key');
    if (rawKey === undefined || rawKey === '') {
      throw new S3Error(
        'InvalidArgument',
        "Bucket POST must contain a field named 'key'.  If it is specified, please check the order of the fields.",
        {
          ArgumentName: 'key',
        },
      );
    }
    // S3 replaces the literal `${filename}` in the key with the uploaded file's name.
    const key = rawKey.replaceAll(FILENAME_VARIABLE, form.filename);
    fields.set('key', key);
    fields.set('bucket', req.bucket);
    let identity = req.identity;
    let range: { min: number; max: number } | undefined;
    if (isSignedForm(fields)) {
      if (!fields.has('policy')) {
        throw new S3Error(
          'InvalidArgument',
          'Bucket POST must contain a field named policy when it is signed.',
          {
            ArgumentName: 'policy',
          },
        );
      }
      identity = await postPolicySigner(ctx, fields, ctx.region);
      range = checkPostPolicy(parsePostPolicy(fields.get('policy') ?? ''), fields, new Date());
    }
    const formReq: S3Request = {
      ...req,
      key,
      identity,
      headers: { ...req.headers, ...formHeaders(fields, form.fileContentType) },
    };
    await authorize(formReq, ctx, 's3:PutObject');
    const opts = await newObjectOptions(formReq, ctx, bucket);
    await enforceQuota(ctx, req.bucket, range?.min ?? 0);
    const limit = new LengthRange(range ?? { min: 0, max: MAX_PUT_SIZE });
    form.file.on('error', (err) => limit.destroy(err));
    // x-amz-checksum-<algo> fields are checked against the file (BadDigest); as PutObject, a file sent
    // without one gets a CRC64NVME full-object checksum.
    const declared = requestChecksum(formReq.headers);
    const algo = declared?.algo ?? 'CRC64NVME';
    const hashed = await hashedStream(form.file.pipe(limit), algo, () => declared?.value);
    const info = await ctx.layer.putObject(req.bucket, key, hashed.stream, {
      size: -1,
      ...opts,
      checksum: () => {
        const value = hashed.value();
        return value ? { algo, value, type: 'FULL_OBJECT' } : undefined;
      },
    });
    publishObjectEvent(ctx, formReq, 's3:ObjectCreated:Post', info);
    const answer = postAnswer(ctx.url, req.bucket, key, info.etag, info.versionId, fields);
    if (answer.headers) checksumResponseHeaders(info.checksum, answer.headers);
    return answer;
  } finally {
    form.file.resume();
  }
};

function postAnswer(
  base: string,
  bucket: string,
  key: string,
  etag: string,
  versionId: string,
  fields: Map<string, string>,
): Awaited<ReturnType<S3Handler>> {
  const location = objectUrl(base, bucket, key);
  const headers: Record<string, string> = { etag: quoteEtag(etag), location };
  if (versionId !== 'null') headers['x-amz-version-id'] = versionId;
  const redirect = fields.get('success_action_redirect') ?? fields.get('redirect');
  if (redirect) {
    try {
      const to = new URL(redirect);
      to.searchParams.set('bucket', bucket);
      to.searchParams.set('key', key);
      to.searchParams.set('etag', quoteEtag(etag));
      return { status: 303, headers: { ...headers, location: to.href } };
    } catch {
      // Not an absolute URL: S3 then answers as if no redirect was given.
    }
  }
  const status = fields.get('success_action_status');
  if (status === '201') {
    return xmlResponse(
      'PostResponse',
      { Location: location, Bucket: bucket, Key: key, ETag: quoteEtag(etag) },
      {
        status: 201,
        headers,
      },
    );
  }
  return { status: status === '200' ? 200 : 204, headers };
}
