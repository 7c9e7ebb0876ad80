// SPDX-License-Identifier: Apache-2.0
import { test as base } from '@playwright/test';
import * as Minio from 'minio';
import { startCeph } from './ceph.js';
import { startEngineConsole } from './engine-console.js';
import { startS3rver } from './s3rver.js';

/** An S3 server that is not the embedded store, the console in front of it, and its user's keys. */
export interface Engine {
  /** The server's S3 endpoint. */
  url: string;
  accessKey: string;
  secretKey: string;
  /** The console started with CONSOLE_MINIO_SERVER pointing at this server. */
  consoleUrl: string;
  /** An S3 client with the user's keys: tests check from the outside what the console did. */
  s3: Minio.Client;
}

interface Started {
  url: string;
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

function s3Client(url: string, accessKey: string, secretKey: string): Minio.Client {
  const u = new URL(url);
  return new Minio.Client({
    endPoint: u.hostname,
    port: Number(u.port),
    useSSL: u.protocol === 'https:',
    accessKey,
    secretKey,
    region: 'us-east-1',
    pathStyle: true,
  });
}

/**
 * Starts the engine and a console in front of it, hands them to the tests, then stops both — also when the
 * tests failed. Worker-scoped: once per run (per worker) and only when a test asks for it.
 */
async function withEngine(start: () => Promise<Started>, use: (engine: Engine) => Promise<void>) {
  const server = await start();
  try {
    const console = await startEngineConsole(server.url);
    try {
      await use({
        url: server.url,
        accessKey: server.accessKey,
        secretKey: server.secretKey,
        consoleUrl: console.url,
        s3: s3Client(server.url, server.accessKey, server.secretKey),
      });
    } finally {
      await console.close();
    }
  } finally {
    await server.stop();
  }
}

/** Journeys against Ceph RGW: `engine` is Ceph (~15 s to start) and `page` opens its console. */
export const cephTest = base.extend<object, { engine: Engine }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
  engine: [async ({}, use) => withEngine(startCeph, use), { scope: 'worker', timeout: 180_000 }],
  baseURL: async ({ engine }, use) => use(engine.consoleUrl),
});

/** The caps of the Ceph user in {@link cephAdminTest}: an RGW administrator (issue 36). */
export const CEPH_ADMIN_CAPS = 'users=*;buckets=*;metadata=*;usage=*';

/** Journeys against Ceph RGW whose user has admin caps, so the console offers RGW's Admin Ops. */
export const cephAdminTest = base.extend<object, { engine: Engine }>({
  engine: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => withEngine(() => startCeph({ adminCaps: CEPH_ADMIN_CAPS }), use),
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ engine }, use) => use(engine.consoleUrl),
});

/** Journeys against s3rver: `engine` is s3rver and `page` opens its console. */
export const s3rverTest = base.extend<object, { engine: Engine }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
  engine: [async ({}, use) => withEngine(startS3rver, use), { scope: 'worker', timeout: 60_000 }],
  baseURL: async ({ engine }, use) => use(engine.consoleUrl),
});

/** The test function of a journey file on another engine (both engines' tests have this shape). */
export type EngineTest = typeof cephTest;
