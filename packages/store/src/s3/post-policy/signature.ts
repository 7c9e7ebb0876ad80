// SPDX-License-Identifier: Apache-2.0
import { createHmac } from 'node:crypto';
import { deriveSigningKey, signature, signaturesEqual } from '@stowage/madmin';
import type { StoreContext } from '../../core/context.js';
import { S3Error } from '../../core/errors.js';
import type { Identity } from '../../iam/types.js';

/**
 * Who signed a POST upload's policy: SigV4 (`x-amz-signature` = hex HMAC-SHA256 of the base64 policy
 * under the credential's signing key) or SigV2 (`signature` = base64 HMAC-SHA1 under the secret key).
 */
export async function postPolicySigner(
  ctx: StoreContext,
  fields: Map<string, string>,
  region: string,
): Promise<Identity> {
  const policy = fields.get('policy') ?? '';
  const token = fields.get('x-amz-security-token');
  if (fields.has('x-amz-signature') || fields.has('x-amz-credential')) {
    if ((fields.get('x-amz-algorithm') ?? '') !== 'AWS4-HMAC-SHA256') {
      throw new S3Error('InvalidArgument', 'POST form fields x-amz-algorithm must be AWS4-HMAC-SHA256.', {
        ArgumentName: 'x-amz-algorithm',
      });
    }
    const credential = fields.get('x-amz-credential') ?? '';
    const m = /^([^/]+)\/(\d{8})\/([^/]*)\/s3\/aws4_request$/.exec(credential);
    if (!m || !fields.has('x-amz-date')) {
      throw new S3Error(
        'InvalidArgument',
        'POST form fields x-amz-credential and x-amz-date must name a valid credential scope.',
        {
          ArgumentName: 'x-amz-credential',
          ArgumentValue: credential,
        },
      );
    }
    const [, accessKey, date, signedRegion] = m as unknown as [string, string, string, string];
    if (region && signedRegion !== region && !(signedRegion === 'US' && region === 'us-east-1')) {
      throw new S3Error(
        'AuthorizationHeaderMalformed',
        `The region '${signedRegion}' is wrong; expecting '${region}'.`,
        {
          Region: region,
        },
      );
    }
    const resolved = await resolve(ctx, accessKey, token);
    const expected = signature(deriveSigningKey(resolved.secretKey, date, signedRegion, 's3'), policy);
    if (!signaturesEqual(expected, fields.get('x-amz-signature') ?? ''))
      throw new S3Error('SignatureDoesNotMatch');
    return resolved.identity;
  }
  const accessKey = fields.get('awsaccesskeyid') ?? '';
  const resolved = await resolve(ctx, accessKey, token);
  const expected = createHmac('sha1', resolved.secretKey).update(policy).digest('base64');
  if (!signaturesEqual(expected, fields.get('signature') ?? '')) throw new S3Error('SignatureDoesNotMatch');
  return resolved.identity;
}

async function resolve(
  ctx: StoreContext,
  accessKey: string,
  token: string | undefined,
): Promise<{ identity: Identity; secretKey: string }> {
  const resolved = await ctx.iam.lookup(accessKey);
  if (!resolved) throw new S3Error('InvalidAccessKeyId');
  const session = resolved.sessionToken ?? '';
  if ((session !== '' || token !== undefined) && token !== session) throw new S3Error('InvalidTokenId');
  return { identity: resolved.identity, secretKey: resolved.secretKey };
}

/** Whether the form is signed at all (otherwise it is an anonymous upload, for bucket policies). */
export function isSignedForm(fields: Map<string, string>): boolean {
  return ['policy', 'x-amz-signature', 'x-amz-credential', 'signature', 'awsaccesskeyid'].some((f) =>
    fields.has(f),
  );
}
