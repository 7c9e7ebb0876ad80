// SPDX-License-Identifier: Apache-2.0
import type { Readable } from 'node:stream';
import { BlobServiceClient, RestError, StorageSharedKeyCredential } from '@azure/storage-blob';
import { probe, remoteName, type TierDriver, TierDriverError } from './driver.js';

/** An Azure tier's settings as MinIO's tier config holds them. */
export interface AzureTierSettings {
  Endpoint?: string;
  AccountName?: string;
  AccountKey?: string;
  Bucket?: string;
  Prefix?: string;
  Region?: string;
  StorageClass?: string;
}

function classify(err: unknown, container: string): TierDriverError {
  if (err instanceof TierDriverError) return err;
  if (err instanceof RestError) {
    if (err.statusCode === 404)
      return new TierDriverError('bucket-not-found', `The remote container ${container} does not exist`);
    if (err.statusCode === 403)
      return new TierDriverError(
        'invalid-credentials',
        `Azure refused the account key: ${err.code ?? err.message}`,
      );
  }
  return new TierDriverError(
    'unreachable',
    `Azure is not reachable: ${(err as Error).message ?? String(err)}`,
  );
}

/**
 * A tier on Azure Blob Storage (or Azurite): the tier's Bucket is the container. The endpoint defaults
 * to `https://<account>.blob.core.windows.net`; Azurite's is `http://host:port/<account>`.
 */
export function azureDriver(s: AzureTierSettings): TierDriver {
  const account = s.AccountName ?? '';
  const endpoint = s.Endpoint || `https://${account}.blob.core.windows.net`;
  const service = new BlobServiceClient(
    endpoint,
    new StorageSharedKeyCredential(account, s.AccountKey ?? ''),
  );
  const containerName = s.Bucket ?? '';
  const container = service.getContainerClient(containerName);
  const tier = s.StorageClass as 'Hot' | 'Cool' | 'Cold' | 'Archive' | undefined;
  const driver: TierDriver = {
    async put(name, body) {
      await container
        .getBlockBlobClient(remoteName(s.Prefix, name))
        .uploadStream(body, 4 * 1024 * 1024, 4, tier ? { tier } : {});
    },
    async get(name, range) {
      const blob = container.getBlobClient(remoteName(s.Prefix, name));
      const res = range
        ? await blob.download(range.start, range.end - range.start + 1)
        : await blob.download();
      if (!res.readableStreamBody) throw new TierDriverError('unreachable', 'Azure returned no body');
      return res.readableStreamBody as Readable;
    },
    async remove(name) {
      await container.getBlobClient(remoteName(s.Prefix, name)).deleteIfExists();
    },
    async verify() {
      try {
        if (!(await container.exists()))
          throw new TierDriverError(
            'bucket-not-found',
            `The remote container ${containerName} does not exist`,
          );
        await probe(driver);
      } catch (err) {
        throw classify(err, containerName);
      }
    },
  };
  return driver;
}
