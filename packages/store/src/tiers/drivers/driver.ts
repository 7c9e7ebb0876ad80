// SPDX-License-Identifier: Apache-2.0
import type { Readable } from 'node:stream';

/** One remote tier's storage: objects under the tier's bucket and prefix. */
export interface TierDriver {
  /** Stores `size` bytes as `name`; resolves once the remote copy is durable (the upload completed). */
  put(name: string, body: Readable, size: number): Promise<void>;
  /** The bytes of `name`, whole or the inclusive range. */
  get(name: string, range: { start: number; end: number } | null): Promise<Readable>;
  /** Removes `name` (no error when already gone). */
  remove(name: string): Promise<void>;
  /**
   * Checks the bucket is reachable with the credentials: writes, reads back and removes a probe
   * object, as MinIO does when a tier is added. Throws a {@link TierDriverError} saying what failed.
   */
  verify(): Promise<void>;
}

/** Why a tier could not be used: the bucket is missing, or the credentials were refused. */
export class TierDriverError extends Error {
  constructor(
    readonly kind: 'bucket-not-found' | 'invalid-credentials' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}

/** The remote name of an object under the tier's prefix (`prefix/name`, no doubled slash). */
export function remoteName(prefix: string | undefined, name: string): string {
  const p = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return p ? `${p}/${name}` : name;
}

/** Runs the write/read/remove probe on a driver. */
export async function probe(d: Pick<TierDriver, 'put' | 'get' | 'remove'>): Promise<void> {
  const { Readable } = await import('node:stream');
  const name = `probeobject-${Date.now().toString(36)}`;
  const data = Buffer.from('stowage tier probe');
  await d.put(name, Readable.from([data]), data.length);
  const back: Buffer[] = [];
  for await (const c of await d.get(name, null)) back.push(c as Buffer);
  await d.remove(name);
  if (!Buffer.concat(back).equals(data))
    throw new TierDriverError('unreachable', 'The tier returned other bytes than were written');
}
