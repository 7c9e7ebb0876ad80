// SPDX-License-Identifier: Apache-2.0
/**
 * In-process mutexes by name. The layer serialises every read-modify-write of one object's metadata
 * (and of a bucket's document, a multipart part slot, an upload's completion) through these, so two
 * requests of this process never commit over each other. Lock names are built by the helpers below.
 */

/** A small async mutex per name: `run` waits for earlier holders of the name, then runs `fn`. */
export class KeyLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => {
      release = r;
    });
    const tail = prev.then(() => mine);
    this.tails.set(name, tail);
    await prev;
    try {
      return await fn();
    } finally {
      release();
      if (this.tails.get(name) === tail) this.tails.delete(name);
    }
  }
}

/** Lock of one object key (its metadata file). */
export const objectLock = (bucket: string, key: string): string => `${bucket}\0${key}`;

/** Lock of a bucket's own document (create, delete, versioning). */
export const bucketLock = (bucket: string): string => `bucket\0${bucket}`;

/** Lock of one part slot of a multipart upload. */
export const partLock = (uploadId: string, partNumber: number): string =>
  `upload\0${uploadId}\0${partNumber}`;

/** Lock of a multipart upload's completion. */
export const completeLock = (uploadId: string): string => `complete\0${uploadId}`;
