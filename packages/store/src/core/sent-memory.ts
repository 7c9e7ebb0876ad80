// SPDX-License-Identifier: Apache-2.0
/**
 * Response chunks whose memory the store takes back once the response has written them: the HTTP
 * edge (`writeResponse`) calls `sent` after a chunk's write has completed, and the memory goes to the
 * reuse function registered with it (e.g. the next encrypted batch is read into it). Only memory
 * registered here, and only once, is ever taken back; a chunk that is copied, concatenated or
 * consumed elsewhere is simply left to the garbage collector.
 */

const owners = new WeakMap<ArrayBufferLike, (memory: ArrayBuffer) => void>();

/** Marks `chunk` (the only view of its memory in use) as reusable by `reuse` once it has been sent. */
export function reusableOnceSent(chunk: Buffer, reuse: (memory: ArrayBuffer) => void): Buffer {
  owners.set(chunk.buffer, reuse);
  return chunk;
}

/** A chunk has been written out (nothing refers to its memory any more): its owner may reuse it. */
export function sent(chunk: Buffer): void {
  const memory = chunk.buffer;
  const reuse = owners.get(memory);
  if (!reuse || !(memory instanceof ArrayBuffer)) return;
  owners.delete(memory);
  reuse(memory);
}
