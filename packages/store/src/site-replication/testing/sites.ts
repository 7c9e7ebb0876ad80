// SPDX-License-Identifier: Apache-2.0
import { type AdminTransport, MadminError } from '@stowage/madmin';
import { Client } from 'minio';
import { ROOT, SECRET, type Site } from '../../replication/testing/two-stores.js';

/** Helpers of the site replication tests: the admin calls by their wire, a minio client per site. */

export function s3Client(site: Site): Client {
  const url = new URL(site.store.url);
  return new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: ROOT,
    secretKey: SECRET,
    region: 'us-east-1',
    partSize: 5 * 1024 * 1024,
  });
}

/** A site replication admin call; the JSON answer. */
export async function srCall(
  admin: AdminTransport,
  method: 'GET' | 'PUT',
  path: string,
  opts: { body?: unknown; encrypt?: boolean; query?: Record<string, string> } = {},
): Promise<Record<string, unknown>> {
  const raw = await admin.bytes({
    method,
    path,
    query: { ...(opts.query ?? {}), 'api-version': '1' },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    ...(opts.encrypt ? { encrypt: true } : {}),
  });
  return raw.length === 0 ? {} : (JSON.parse(raw.toString('utf8')) as Record<string, unknown>);
}

/** The admin error of a call that must fail. */
export async function srFailure(p: Promise<unknown>): Promise<MadminError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof MadminError)) throw new Error(`expected a MadminError, got ${String(err)}`);
  return err;
}

export function peerSite(site: Site, name: string): Record<string, string> {
  return { name, endpoints: site.store.url, accessKey: ROOT, secretKey: SECRET };
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}
