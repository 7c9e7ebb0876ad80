// SPDX-License-Identifier: Apache-2.0
import { Client } from 'minio';
import { type StoreHandle, startStore } from '../../server.js';

/** Root credentials of the notification tests' stores. */
export const ROOT_USER = 'notify-root';
export const ROOT_PASSWORD = 'notify-secret-key-123';

/** A store on 4 temp drives with `env` as its MINIO_* configuration (targets), on a free port. */
export function openNotifyStore(dataDir: string, env: Record<string, string>): Promise<StoreHandle> {
  return startStore({
    dataDir,
    drives: 4,
    port: 0,
    host: '127.0.0.1',
    rootUser: ROOT_USER,
    rootPassword: ROOT_PASSWORD,
    env,
  });
}

/** The root S3 client (minio SDK) of such a store. */
export function rootS3(store: StoreHandle): Client {
  const u = new URL(store.url);
  return new Client({
    endPoint: u.hostname,
    port: Number(u.port),
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
    region: 'us-east-1',
  });
}
