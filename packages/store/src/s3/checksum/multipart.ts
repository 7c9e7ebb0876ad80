// SPDX-License-Identifier: Apache-2.0
import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from '../../core/errors.js';
import type { ChecksumRecord, CompleteOptions, UploadChecksum } from '../../object-layer/types.js';
import { type XmlNode, xmlText } from '../xml.js';
import {
  ALGORITHMS,
  algorithmNamed,
  type ChecksumAlgorithm,
  combineCrc,
  createHasher,
  isCrc,
} from './algorithms.js';
import { requestChecksum } from './request.js';

/**
 * Multipart checksums (S3 API: "Using checksums with multipart uploads"). COMPOSITE: the checksum of
 * the concatenated part checksums, suffixed `-<parts>` (every algorithm but CRC64NVME). FULL_OBJECT:
 * the CRC of the whole object, combined from the part CRCs (CRC32, CRC32C, CRC64NVME).
 */

function invalid(message: string): S3Error {
  return new S3Error('InvalidRequest', message);
}

function one(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

/** CreateMultipartUpload's `x-amz-checksum-algorithm` / `x-amz-checksum-type`, validated. */
export function uploadChecksumFromHeaders(headers: IncomingHttpHeaders): UploadChecksum | undefined {
  const rawAlgo = one(headers, 'x-amz-checksum-algorithm');
  const rawType = one(headers, 'x-amz-checksum-type');
  if (rawAlgo === undefined) {
    if (rawType !== undefined) {
      throw invalid(
        'The x-amz-checksum-type header can only be used with the x-amz-checksum-algorithm header.',
      );
    }
    return undefined;
  }
  const algo = algorithmNamed(rawAlgo);
  if (!algo)
    throw invalid(
      'Checksum algorithm provided is unsupported. Please try again with any of the valid types: [CRC32, CRC32C, CRC64NVME, SHA1, SHA256]',
    );
  const type =
    rawType === undefined ? (algo === 'CRC64NVME' ? 'FULL_OBJECT' : 'COMPOSITE') : rawType.toUpperCase();
  if (type !== 'FULL_OBJECT' && type !== 'COMPOSITE') {
    throw invalid('Value for x-amz-checksum-type header is invalid.');
  }
  if (type === 'FULL_OBJECT' && !isCrc(algo)) {
    throw invalid(
      `The FULL_OBJECT checksum type cannot be used with the ${algo.toLowerCase()} checksum algorithm.`,
    );
  }
  if (type === 'COMPOSITE' && algo === 'CRC64NVME') {
    throw invalid('The COMPOSITE checksum type cannot be used with the crc64nvme checksum algorithm.');
  }
  return { algo, type };
}

/** The `Checksum<ALGO>` values a CompleteMultipartUpload part element lists. */
export function partChecksumsFromXml(
  part: Record<string, XmlNode | XmlNode[]>,
): Partial<Record<ChecksumAlgorithm, string>> {
  const out: Partial<Record<ChecksumAlgorithm, string>> = {};
  for (const a of ALGORITHMS) {
    const v = xmlText(part[`Checksum${a}`]);
    if (v !== undefined) out[a] = v;
  }
  return out;
}

/**
 * CompleteMultipartUpload's object checksum: each listed part checksum must match the stored one
 * (InvalidPart), every part needs one (InvalidRequest), and a whole-object value sent in
 * `x-amz-checksum-<algo>` must match what the parts give (BadDigest).
 */
export function completeChecksum(
  headers: IncomingHttpHeaders,
  listed: Map<number, Partial<Record<ChecksumAlgorithm, string>>>,
): NonNullable<CompleteOptions['checksum']> {
  const declared = requestChecksum(headers, true);
  return async (parts, upload) => {
    for (const p of parts) {
      for (const [algo, value] of Object.entries(listed.get(p.number) ?? {})) {
        if (algo !== upload?.algo || value !== p.checksum) {
          throw new S3Error('InvalidPart', undefined, { PartNumber: String(p.number) });
        }
      }
    }
    if (!upload) {
      if (declared)
        throw invalid(
          'The upload was created without a checksum algorithm; the object checksum cannot be checked.',
        );
      return undefined;
    }
    const missing = parts.find((p) => p.checksum === undefined);
    if (missing) {
      throw invalid(
        `The upload was created using a ${upload.algo.toLowerCase()} checksum. Part ${missing.number} has none.`,
      );
    }
    const record = await objectChecksum(upload, parts as { size: number; checksum: string }[]);
    if (
      declared &&
      (declared.algo !== upload.algo ||
        // A composite value may be sent with or without its `-<parts>` suffix (minio-go sends it bare).
        (declared.value !== undefined &&
          declared.value !== record.value.replace(/-\d+$/, '') &&
          declared.value !== record.value))
    ) {
      throw new S3Error(
        'BadDigest',
        `The ${declared.algo} you specified did not match the calculated checksum.`,
      );
    }
    return record;
  };
}

/** The object checksum from its parts' checksums (sizes matter for FULL_OBJECT CRCs). */
export async function objectChecksum(
  upload: UploadChecksum,
  parts: { size: number; checksum: string }[],
): Promise<ChecksumRecord> {
  if (upload.type === 'FULL_OBJECT') {
    let acc: Buffer | undefined;
    for (const p of parts) {
      const c = Buffer.from(p.checksum, 'base64');
      acc = acc === undefined ? c : combineCrc(upload.algo, acc, c, p.size);
    }
    return { algo: upload.algo, type: 'FULL_OBJECT', value: (acc ?? Buffer.alloc(0)).toString('base64') };
  }
  return { algo: upload.algo, type: 'COMPOSITE', value: await compositeValue(upload.algo, parts) };
}

async function compositeValue(algo: ChecksumAlgorithm, parts: { checksum: string }[]): Promise<string> {
  const hasher = await createHasher(algo);
  for (const p of parts) hasher.update(Buffer.from(p.checksum, 'base64'));
  return `${hasher.digest().toString('base64')}-${parts.length}`;
}
