// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver (npm): a minimal S3 server with one fixed user, no versioning, no STS, no admin API. */
export interface S3rverEngine {
  url: string;
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

/** Starts s3rver in this process on a free loopback port, storing into a fresh temp folder. */
export async function startS3rver(): Promise<S3rverEngine> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true });
  const { port } = await server.run();
  return {
    url: `http://127.0.0.1:${port}`,
    // s3rver's only account (lib/models/account.js).
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    async stop() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
