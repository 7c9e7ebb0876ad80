// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from '../../core/errors.js';

/**
 * The server-side encryption a request asks for, from its headers (S3 API: "Specifying server-side
 * encryption"): SSE-S3 (`x-amz-server-side-encryption: AES256`), SSE-KMS (`aws:kms` with an optional
 * key id and encryption context) or SSE-C (the three customer-key headers). Malformed or conflicting
 * headers answer AWS's errors.
 */

export type SseRequest =
  | { kind: 'SSE-S3' }
  | { kind: 'SSE-KMS'; keyId: string | null; context: Record<string, string> }
  | { kind: 'SSE-C'; customer: CustomerKey };

/** An SSE-C key as sent: the 32 key bytes and the MD5 the client gave (base64), checked. */
export interface CustomerKey {
  key: Buffer;
  keyMd5: string;
}

const SSE = 'x-amz-server-side-encryption';
const CUSTOMER = `${SSE}-customer`;
const COPY_CUSTOMER = 'x-amz-copy-source-server-side-encryption-customer';

function header(h: IncomingHttpHeaders, name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

/** MinIO writes `arn:aws:kms:<key>` back; clients may send a key id in that form too. */
export function plainKeyId(id: string): string {
  return id.startsWith('arn:aws:kms:') ? id.slice('arn:aws:kms:'.length) : id;
}

/**
 * The SSE-C key of the request (`copySource`: of the copy source), or null when none was sent. The
 * algorithm must be AES256, the key 32 bytes and its MD5 match the one given.
 */
export function customerKeyFromHeaders(h: IncomingHttpHeaders, copySource = false): CustomerKey | null {
  const prefix = copySource ? COPY_CUSTOMER : CUSTOMER;
  const algorithm = header(h, `${prefix}-algorithm`);
  const key = header(h, `${prefix}-key`);
  const md5 = header(h, `${prefix}-key-md5`);
  if (algorithm === undefined && key === undefined && md5 === undefined) return null;
  if (algorithm === undefined) {
    throw new S3Error(
      'InvalidArgument',
      'Requests specifying Server Side Encryption with Customer provided keys must provide a valid encryption algorithm.',
    );
  }
  if (algorithm !== 'AES256') throw new S3Error('InvalidEncryptionAlgorithmError');
  if (key === undefined) {
    throw new S3Error(
      'InvalidArgument',
      'Requests specifying Server Side Encryption with Customer provided keys must provide an appropriate secret key.',
    );
  }
  const raw = Buffer.from(key, 'base64');
  if (raw.length !== 32)
    throw new S3Error('InvalidArgument', 'The secret key was invalid for the specified algorithm.');
  const want = createHash('md5').update(raw).digest('base64');
  if (md5 === undefined || md5 !== want) {
    throw new S3Error(
      'InvalidArgument',
      'The calculated MD5 hash of the key did not match the hash that was provided.',
    );
  }
  return { key: raw, keyMd5: want };
}

function kmsContext(h: IncomingHttpHeaders): Record<string, string> {
  const raw = header(h, `${SSE}-context`);
  if (raw === undefined || raw === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    parsed === null ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    Object.values(parsed).some((v) => typeof v !== 'string')
  ) {
    throw new S3Error(
      'InvalidArgument',
      'The x-amz-server-side-encryption-context header must be base64 of a JSON object of string values.',
    );
  }
  return parsed as Record<string, string>;
}

/** The encryption a write request asks for; null when it names none. */
export function sseFromHeaders(h: IncomingHttpHeaders): SseRequest | null {
  const customer = customerKeyFromHeaders(h);
  const sse = header(h, SSE);
  if (customer && sse !== undefined) {
    throw new S3Error(
      'InvalidArgument',
      'Server Side Encryption with Customer provided key is incompatible with the encryption method specified',
    );
  }
  if (customer) return { kind: 'SSE-C', customer };
  const keyId = header(h, `${SSE}-aws-kms-key-id`);
  if (sse === undefined) {
    if (keyId !== undefined || header(h, `${SSE}-context`) !== undefined) {
      throw new S3Error(
        'InvalidArgument',
        'Server Side Encryption with AWS KMS managed key requires HTTP header x-amz-server-side-encryption : aws:kms',
      );
    }
    return null;
  }
  if (sse === 'AES256') {
    if (keyId !== undefined) {
      throw new S3Error(
        'InvalidArgument',
        'A KMS key id is only valid with x-amz-server-side-encryption: aws:kms.',
      );
    }
    return { kind: 'SSE-S3' };
  }
  if (sse === 'aws:kms') {
    return { kind: 'SSE-KMS', keyId: keyId ? plainKeyId(keyId) : null, context: kmsContext(h) };
  }
  throw new S3Error('InvalidArgument', `The encryption method specified is not supported: ${sse}`);
}

/** Does the request carry any server-side-encryption header of its own (not of a copy source)? */
export function hasSseHeaders(h: IncomingHttpHeaders): boolean {
  return Object.keys(h).some((k) => k.startsWith(SSE));
}
