// SPDX-License-Identifier: Apache-2.0
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/** The part of s3rver (npm, CommonJS, no types) the tests use. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  key?: string;
  cert?: string;
}) => S3rverServer;

export interface S3rverHandle {
  /** `http(s)://127.0.0.1:<port>`; its keys are S3RVER / S3RVER. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts s3rver — a small S3 server with no STS and no admin API, a stand-in for "any S3 server" — on a
 * free loopback port, keeping its data in `directory`; over HTTPS when given a key and certificate.
 */
export async function startS3rver(
  directory: string,
  tls: { key: string; cert: string } | undefined = undefined,
): Promise<S3rverHandle> {
  await mkdir(directory, { recursive: true });
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, ...tls });
  const { port } = await server.run();
  return { url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`, close: () => server.close() };
}
