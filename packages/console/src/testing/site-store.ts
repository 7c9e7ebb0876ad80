// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MadminClient } from '@stowage/madmin';
import { type StoreHandle, startStore } from '@stowage/store';
import * as Minio from 'minio';

/** A root S3 client (the minio SDK) straight to a store on loopback. */
export function storeRootS3(store: StoreHandle, accessKey: string, secretKey: string): Minio.Client {
  return new Minio.Client({
    endPoint: '127.0.0.1',
    port: store.port,
    useSSL: false,
    accessKey,
    secretKey,
    region: 'us-east-1',
  });
}

/** A store of its own with root keys of its own: one more site for site replication (route tests, journeys). */
export interface SiteStore {
  name: string;
  store: StoreHandle;
  root: string;
  secret: string;
  admin: MadminClient;
  s3: Minio.Client;
  /** The site as the console's site replication form and route take it: name, endpoint and root keys. */
  peer: { name: string; endpoint: string; accessKey: string; secretKey: string };
  /** Stops the store and removes its drives. */
  close(): Promise<void>;
}

export async function startSiteStore(name: string, drives: number): Promise<SiteStore> {
  const dir = await mkdtemp(path.join(tmpdir(), `stowage-site-${name}-`));
  const root = `${name}-root`;
  const secret = `${name}-root-secret`;
  const store = await startStore({
    dataDir: dir,
    drives,
    port: 0,
    host: '127.0.0.1',
    rootUser: root,
    rootPassword: secret,
  });
  return {
    name,
    store,
    root,
    secret,
    admin: new MadminClient({ endpoint: store.url, accessKey: root, secretKey: secret }),
    s3: storeRootS3(store, root, secret),
    peer: { name, endpoint: store.url, accessKey: root, secretKey: secret },
    async close() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
