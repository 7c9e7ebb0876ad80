// SPDX-License-Identifier: Apache-2.0
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Storage } from '@google-cloud/storage';
import { probe, remoteName, type TierDriver, TierDriverError } from './driver.js';

/** A GCS tier's settings as MinIO's tier config holds them (Creds: base64 of credentials.json). */
export interface GcsTierSettings {
  Endpoint?: string;
  Creds?: string;
  Bucket?: string;
  Prefix?: string;
  Region?: string;
  StorageClass?: string;
}

/** The service account key in a GCS tier's Creds; throws when it is not one. */
export function gcsCredentials(creds: string | undefined): {
  client_email: string;
  private_key: string;
  project_id?: string;
} {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(creds ?? '', 'base64').toString('utf8'));
  } catch {
    throw new TierDriverError('invalid-credentials', 'The GCS credentials are not a JSON credentials file');
  }
  const p = parsed as { client_email?: unknown; private_key?: unknown; project_id?: unknown };
  if (typeof p.client_email !== 'string' || typeof p.private_key !== 'string')
    throw new TierDriverError(
      'invalid-credentials',
      'The GCS credentials file has no client_email and private_key',
    );
  return {
    client_email: p.client_email,
    private_key: p.private_key,
    ...(typeof p.project_id === 'string' ? { project_id: p.project_id } : {}),
  };
}

function classify(err: unknown, bucket: string): TierDriverError {
  if (err instanceof TierDriverError) return err;
  const code = (err as { code?: number }).code;
  if (code === 404)
    return new TierDriverError('bucket-not-found', `The remote bucket ${bucket} does not exist`);
  if (code === 401 || code === 403)
    return new TierDriverError(
      'invalid-credentials',
      `GCS refused the credentials: ${(err as Error).message}`,
    );
  return new TierDriverError('unreachable', `GCS is not reachable: ${(err as Error).message ?? String(err)}`);
}

/** A tier on Google Cloud Storage through Google's client (the Endpoint overrides the API address). */
export function gcsDriver(s: GcsTierSettings): TierDriver {
  const credentials = gcsCredentials(s.Creds);
  const client = (autoRetry: boolean): Storage =>
    new Storage({
      credentials,
      ...(credentials.project_id ? { projectId: credentials.project_id } : {}),
      ...(s.Endpoint ? { apiEndpoint: s.Endpoint } : {}),
      retryOptions: { autoRetry },
    });
  const bucketName = s.Bucket ?? '';
  const bucket = client(true).bucket(bucketName);
  // The add/verify check answers the administrator at once: no retries with back-off (15 s) there.
  const checked = client(false).bucket(bucketName);
  const driver: TierDriver = {
    async put(name, body) {
      const file = bucket.file(remoteName(s.Prefix, name));
      await pipeline(
        body,
        file.createWriteStream({
          resumable: false,
          ...(s.StorageClass ? { metadata: { storageClass: s.StorageClass } } : {}),
        }),
      );
    },
    async get(name, range) {
      const file = bucket.file(remoteName(s.Prefix, name));
      return file.createReadStream(range ? { start: range.start, end: range.end } : {}) as Readable;
    },
    async remove(name) {
      await bucket.file(remoteName(s.Prefix, name)).delete({ ignoreNotFound: true });
    },
    async verify() {
      try {
        const [exists] = await checked.exists();
        if (!exists)
          throw new TierDriverError('bucket-not-found', `The remote bucket ${bucketName} does not exist`);
        await probe(driver);
      } catch (err) {
        throw classify(err, bucketName);
      }
    },
  };
  return driver;
}
