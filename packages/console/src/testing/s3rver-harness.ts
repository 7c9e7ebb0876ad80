import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as Minio from 'minio';
import S3rver from 's3rver';
import { buildApp } from '../app.js';
import { detectCapabilities } from '../capabilities/detect.js';
import { parseStoreEndpoint } from '../clients/store-endpoint.js';
import { sealSession } from '../session/session-cookie.js';

/** s3rver's fixed keys. */
export const S3RVER_KEYS = { accessKey: 'S3RVER', secretKey: 'S3RVER' } as const;

/**
 * A real s3rver (npm: a minimal S3 server without versioning, STS or MinIO's admin API) on a free loopback
 * port, with the console in front of it. `session()` seals a session that signs with s3rver's own keys and
 * carries the capabilities detected on it, as sign-in does on a server without STS.
 */
export interface S3rverHarness {
  url: string;
  app: FastifyInstance;
  /** An S3 client of s3rver with its keys, to arrange and check. */
  s3: Minio.Client;
  session(): Promise<string>;
  close(): Promise<void>;
}

export async function startS3rverHarness(): Promise<S3rverHarness> {
  const directory = await mkdtemp(path.join(tmpdir(), 'stowage-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  const sessionKey = randomBytes(32);
  const app = await buildApp({ s3Endpoint: url, sessionKey, sessionDurationSeconds: 3600 });
  const s3 = new Minio.Client({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    ...S3RVER_KEYS,
    region: 'us-east-1',
  });
  return {
    url,
    app,
    s3,
    async session() {
      const keys = { ...S3RVER_KEYS, sessionToken: '', region: 'us-east-1' };
      const caps = await detectCapabilities(parseStoreEndpoint(url, undefined), keys, false);
      return sealSession(
        {
          ...keys,
          expiresAt: Date.now() + 3_600_000,
          accountName: S3RVER_KEYS.accessKey,
          builtinUser: false,
          caps,
        },
        sessionKey,
      );
    },
    async close() {
      await app.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
