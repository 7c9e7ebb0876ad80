// SPDX-License-Identifier: Apache-2.0
import type { Readable } from 'node:stream';
import { Client, S3Error as MinioS3Error } from 'minio';
import { probe, remoteName, type TierDriver, TierDriverError } from './driver.js';

/** An S3 (or MinIO) tier's settings as MinIO's tier config holds them. */
export interface S3TierSettings {
  Endpoint?: string;
  AccessKey?: string;
  SecretKey?: string;
  Bucket?: string;
  Prefix?: string;
  Region?: string;
  StorageClass?: string;
}

function classify(err: unknown, bucket: string): TierDriverError {
  if (err instanceof TierDriverError) return err;
  const code = err instanceof MinioS3Error ? err.code : (err as { code?: string }).code;
  if (code === 'NoSuchBucket')
    return new TierDriverError('bucket-not-found', `The remote bucket ${bucket} does not exist`);
  if (code === 'InvalidAccessKeyId' || code === 'SignatureDoesNotMatch' || code === 'AccessDenied')
    return new TierDriverError('invalid-credentials', `The remote refused the credentials: ${code}`);
  return new TierDriverError(
    'unreachable',
    `The remote is not reachable: ${(err as Error).message ?? String(err)}`,
  );
}

/** A tier on an S3 server (AWS S3, MinIO, another Stowage) through the minio client. */
export function s3Driver(s: S3TierSettings): TierDriver {
  const url = new URL(s.Endpoint || 'https://s3.amazonaws.com');
  const secure = url.protocol === 'https:';
  const client = new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : secure ? 443 : 80,
    useSSL: secure,
    accessKey: s.AccessKey ?? '',
    secretKey: s.SecretKey ?? '',
    region: s.Region || 'us-east-1',
    pathStyle: true,
  });
  const bucket = s.Bucket ?? '';
  const driver: TierDriver = {
    async put(name, body, size) {
      const meta = s.StorageClass ? { 'X-Amz-Storage-Class': s.StorageClass } : {};
      await client.putObject(bucket, remoteName(s.Prefix, name), body, size, meta);
    },
    async get(name, range) {
      const key = remoteName(s.Prefix, name);
      return (
        range
          ? await client.getPartialObject(bucket, key, range.start, range.end - range.start + 1)
          : await client.getObject(bucket, key)
      ) as Readable;
    },
    async remove(name) {
      await client.removeObject(bucket, remoteName(s.Prefix, name));
    },
    async verify() {
      try {
        if (!(await client.bucketExists(bucket)))
          throw new TierDriverError('bucket-not-found', `The remote bucket ${bucket} does not exist`);
        await probe(driver);
      } catch (err) {
        throw classify(err, bucket);
      }
    },
  };
  return driver;
}
