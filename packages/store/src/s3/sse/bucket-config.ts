// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { parseXml, xmlChild, xmlList, xmlText } from '../xml.js';
import { plainKeyId } from './headers.js';

/**
 * A bucket's default encryption (S3 API: PutBucketEncryption): one rule, SSE-S3 (`AES256`) or
 * SSE-KMS (`aws:kms` with a key id). Kept as JSON in the bucket's `encryption` config document.
 */
export interface BucketEncryption {
  algorithm: 'AES256' | 'aws:kms';
  /** SSE-KMS: the KMS key (null: the KMS's default key). */
  keyId: string | null;
}

export function parseBucketEncryptionXml(body: Buffer): BucketEncryption {
  const doc = parseXml(body, 'ServerSideEncryptionConfiguration', ['Rule']);
  const rules = xmlList(doc.Rule);
  if (rules.length !== 1) {
    throw new S3Error('MalformedXML', 'The encryption configuration must have exactly one Rule.');
  }
  const apply = xmlChild((rules[0] as Record<string, never>).ApplyServerSideEncryptionByDefault);
  if (!apply) throw new S3Error('MalformedXML', 'The Rule must have ApplyServerSideEncryptionByDefault.');
  const algorithm = xmlText(apply.SSEAlgorithm);
  const keyId = xmlText(apply.KMSMasterKeyID);
  if (algorithm !== 'AES256' && algorithm !== 'aws:kms') {
    throw new S3Error('MalformedXML', 'SSEAlgorithm must be AES256 or aws:kms.');
  }
  if (algorithm === 'AES256' && keyId) {
    throw new S3Error('InvalidArgument', 'KMSMasterKeyID is only allowed with the aws:kms algorithm.');
  }
  return { algorithm, keyId: algorithm === 'aws:kms' && keyId ? plainKeyId(keyId) : null };
}

/** The `ServerSideEncryptionConfiguration` content. */
export function bucketEncryptionXml(c: BucketEncryption): Record<string, unknown> {
  return {
    Rule: {
      ApplyServerSideEncryptionByDefault: {
        SSEAlgorithm: c.algorithm,
        ...(c.keyId ? { KMSMasterKeyID: c.keyId } : {}),
      },
      BucketKeyEnabled: 'false',
    },
  };
}

export function decodeBucketEncryption(raw: Buffer | null): BucketEncryption | null {
  if (!raw || raw.length === 0) return null;
  const c = JSON.parse(raw.toString('utf8')) as BucketEncryption;
  return c.algorithm === 'AES256' || c.algorithm === 'aws:kms' ? c : null;
}
