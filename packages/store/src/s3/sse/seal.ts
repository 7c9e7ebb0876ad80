// SPDX-License-Identifier: Apache-2.0
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { StoreContext } from '../../core/context.js';
import { S3Error } from '../../core/errors.js';
import { type KmsContext, KmsError } from '../../kms/index.js';
import type { EncryptionRecord, ObjectInfo, UnsealKey } from '../../object-layer/types.js';
import type { S3Request } from '../types.js';
import { decodeBucketEncryption } from './bucket-config.js';
import { type CustomerKey, customerKeyFromHeaders, type SseRequest, sseFromHeaders } from './headers.js';

/**
 * Object keys: a fresh 32-byte key per object (per multipart upload), sealed by the KMS (SSE-S3,
 * SSE-KMS: a KMS data key bound to `bucket/key` and the client's context) or by the customer's key
 * (SSE-C: AES-256-GCM under a key derived from it, bound to `bucket/key`; the customer key itself is
 * never stored — the sealed object key is the keyed check that a later key is the same). The object
 * layer encrypts the data with the unsealed key (../../object-layer/encryption.ts).
 */

export interface ObjectEncryption {
  record: EncryptionRecord;
  key: Buffer;
  /** SSE-C and SSE-KMS ETags are not the plaintext's MD5 (as AWS). */
  opaqueEtag: boolean;
  /** SSE-C: the key the request sent (for the response headers; never stored). */
  customer?: CustomerKey;
}

/** Allows SSE-C over plain HTTP (local use only: the customer key travels in clear text). */
export const SSE_C_HTTP_VARIABLE = 'STOWAGE_SSE_C_ALLOW_HTTP';

function objectContext(bucket: string, key: string, client: Record<string, string> = {}): KmsContext {
  return { ...client, [bucket]: `${bucket}/${key}` };
}

function kmsFailure(err: unknown, keyId: string): S3Error {
  if (err instanceof KmsError && err.kind === 'not-found') {
    return new S3Error('KMS.NotFoundException', `The KMS key '${keyId}' does not exist.`);
  }
  if (err instanceof KmsError)
    return new S3Error('InternalError', `The KMS refused the object key: ${err.message}`);
  return err instanceof S3Error ? err : new S3Error('InternalError', 'The KMS could not be reached.');
}

function customerKek(customer: Buffer): Buffer {
  return createHmac('sha256', customer).update('stowage-sse-c-object-key').digest();
}

function sealWithCustomer(customer: Buffer, objectKey: Buffer, bucket: string, key: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', customerKek(customer), iv);
  c.setAAD(Buffer.from(`${bucket}/${key}`));
  const body = Buffer.concat([c.update(objectKey), c.final()]);
  return Buffer.concat([iv, body, c.getAuthTag()]).toString('base64');
}

function openWithCustomer(customer: Buffer, sealed: string, bucket: string, key: string): Buffer {
  const raw = Buffer.from(sealed, 'base64');
  const d = createDecipheriv('aes-256-gcm', customerKek(customer), raw.subarray(0, 12));
  d.setAAD(Buffer.from(`${bucket}/${key}`));
  d.setAuthTag(raw.subarray(raw.length - 16));
  try {
    return Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]);
  } catch {
    throw new S3Error(
      'AccessDenied',
      'The provided customer key does not match the key the object was encrypted with.',
    );
  }
}

/** A new object key for `bucket/key`, sealed as `sse` asks. */
export async function sealNewKey(
  ctx: StoreContext,
  bucket: string,
  key: string,
  sse: SseRequest,
): Promise<ObjectEncryption> {
  if (sse.kind === 'SSE-C') {
    const objectKey = randomBytes(32);
    return {
      record: { kind: 'SSE-C', sealed: sealWithCustomer(sse.customer.key, objectKey, bucket, key) },
      key: objectKey,
      opaqueEtag: true,
      customer: sse.customer,
    };
  }
  const keyId = (sse.kind === 'SSE-KMS' ? sse.keyId : null) ?? (await ctx.kms.status()).defaultKeyId;
  const client = sse.kind === 'SSE-KMS' ? sse.context : {};
  let dk: Awaited<ReturnType<StoreContext['kms']['generateKey']>>;
  try {
    dk = await ctx.kms.generateKey(keyId, objectContext(bucket, key, client));
  } catch (err) {
    throw kmsFailure(err, keyId);
  }
  const record: EncryptionRecord = { kind: sse.kind, keyId, sealed: dk.sealed };
  if (Object.keys(client).length > 0) record.context = Buffer.from(JSON.stringify(client)).toString('base64');
  return { record, key: dk.plaintext, opaqueEtag: sse.kind === 'SSE-KMS' };
}

/** SSE-C needs TLS (the key is in the headers), unless STOWAGE_SSE_C_ALLOW_HTTP=on for local use. */
export function requireSecureForCustomerKey(req: S3Request, ctx: StoreContext): void {
  if (req.secure) return;
  const allow = (ctx.options.env ?? process.env)[SSE_C_HTTP_VARIABLE];
  if (allow === 'on' || allow === 'true') return;
  throw new S3Error(
    'InvalidRequest',
    'Requests specifying Server Side Encryption with Customer provided keys must be made over a secure connection.',
  );
}

/** The bucket's default encryption as a request would ask for it (null: none). */
export async function bucketDefaultSse(ctx: StoreContext, bucket: string): Promise<SseRequest | null> {
  const c = decodeBucketEncryption(await ctx.layer.getBucketConfig(bucket, 'encryption'));
  if (!c) return null;
  return c.algorithm === 'AES256' ? { kind: 'SSE-S3' } : { kind: 'SSE-KMS', keyId: c.keyId, context: {} };
}

/**
 * The encryption of a new object written by `req` to `req.bucket/req.key`: the request's SSE
 * headers, else the bucket's default encryption; undefined when neither asks for any.
 */
export async function writeEncryption(
  req: S3Request,
  ctx: StoreContext,
): Promise<ObjectEncryption | undefined> {
  const sse = sseFromHeaders(req.headers) ?? (await bucketDefaultSse(ctx, req.bucket));
  if (!sse) return undefined;
  if (sse.kind === 'SSE-C') requireSecureForCustomerKey(req, ctx);
  return sealNewKey(ctx, req.bucket, req.key, sse);
}

const NEEDS_KEY =
  'The object was stored using a form of Server Side Encryption. The correct parameters must be provided to retrieve the object.';

/**
 * Check the SSE-C key a read sends against an object's encryption (sync part): an SSE-C object needs
 * one, other objects take none.
 */
export function checkCustomerKey(record: EncryptionRecord | undefined, customer: CustomerKey | null): void {
  if (record?.kind === 'SSE-C' && !customer) throw new S3Error('InvalidRequest', NEEDS_KEY);
  if (record?.kind !== 'SSE-C' && customer) {
    throw new S3Error('InvalidRequest', 'The encryption parameters are not applicable to this object.');
  }
}

/** The object layer's key callback for `bucket/key`, with the customer key the request sent. */
export function unsealer(
  ctx: StoreContext,
  bucket: string,
  key: string,
  customer: CustomerKey | null,
): UnsealKey {
  return async (record) => {
    checkCustomerKey(record, customer);
    if (record.kind === 'SSE-C')
      return openWithCustomer((customer as CustomerKey).key, record.sealed, bucket, key);
    const keyId = record.keyId ?? '';
    const client = record.context
      ? (JSON.parse(Buffer.from(record.context, 'base64').toString('utf8')) as Record<string, string>)
      : {};
    try {
      return await ctx.kms.decrypt(keyId, record.sealed, objectContext(bucket, key, client));
    } catch (err) {
      throw kmsFailure(err, keyId);
    }
  };
}

/** The SSE headers AWS answers with for an object of this encryption. */
export function sseResponseHeaders(
  record: EncryptionRecord | undefined,
  customer?: CustomerKey | null,
): Record<string, string> {
  if (!record) return {};
  if (record.kind === 'SSE-S3') return { 'x-amz-server-side-encryption': 'AES256' };
  if (record.kind === 'SSE-KMS') {
    return {
      'x-amz-server-side-encryption': 'aws:kms',
      'x-amz-server-side-encryption-aws-kms-key-id': `arn:aws:kms:${record.keyId ?? ''}`,
      ...(record.context ? { 'x-amz-server-side-encryption-context': record.context } : {}),
    };
  }
  return {
    'x-amz-server-side-encryption-customer-algorithm': 'AES256',
    ...(customer ? { 'x-amz-server-side-encryption-customer-key-md5': customer.keyMd5 } : {}),
  };
}

/**
 * The key callback of a write into an existing upload (UploadPart, UploadPartCopy) with the request's
 * SSE-C key, remembering the upload's encryption for the response headers.
 */
export function uploadUnsealer(
  req: S3Request,
  ctx: StoreContext,
): { unseal: UnsealKey; headers: () => Record<string, string> } {
  const customer = customerKeyFromHeaders(req.headers);
  if (customer) requireSecureForCustomerKey(req, ctx);
  let seen: EncryptionRecord | undefined;
  const inner = unsealer(ctx, req.bucket, req.key, customer);
  return {
    unseal: (record) => {
      seen = record;
      return inner(record);
    },
    headers: () => {
      // An unencrypted upload never calls back: SSE-C headers sent to it are refused as on reads.
      if (!seen) checkCustomerKey(undefined, customer);
      return sseResponseHeaders(seen, customer);
    },
  };
}

/**
 * The key callback for reading a copy source (CopyObject, UploadPartCopy) with the request's
 * `x-amz-copy-source-server-side-encryption-customer-*` key; checks it against the source now.
 */
export function copySourceUnsealer(req: S3Request, ctx: StoreContext, source: ObjectInfo): UnsealKey {
  const customer = customerKeyFromHeaders(req.headers, true);
  if (customer) requireSecureForCustomerKey(req, ctx);
  checkCustomerKey(source.encryption, customer);
  return unsealer(ctx, source.bucket, source.key, customer);
}
