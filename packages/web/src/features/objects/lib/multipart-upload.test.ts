// SPDX-License-Identifier: Apache-2.0
import '@/test/fake-indexeddb';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { fileIdentity } from './file-identity';
import {
  DEFAULT_PART_BYTES,
  MAX_ATTEMPTS,
  type MultipartTransport,
  multipartSender,
  type NetworkWatch,
  OFFLINE_NOTE,
  partSizeFor,
  planParts,
  type UploadTarget,
} from './multipart-upload';
import { UploadJournal } from './upload-journal';

const MiB = 1024 * 1024;
const PART = DEFAULT_PART_BYTES;

/** A store's multipart uploads in memory; `failures` makes the next part PUTs fail, one entry each. */
class FakeStore implements MultipartTransport {
  uploads = new Map<string, Map<number, Uint8Array>>();
  completed = new Map<string, Uint8Array>();
  aborted: string[] = [];
  sentParts: number[] = [];
  failures: (Error | (() => Error) | undefined)[] = [];
  private next = 1;

  async create(_bucket: string, key: string): Promise<string> {
    const id = `up-${this.next++}-${key}`;
    this.uploads.set(id, new Map());
    return id;
  }

  putPart(t: UploadTarget, n: number, body: Blob, onProgress: (loaded: number) => void) {
    const failure = this.failures.shift();
    const promise = (async () => {
      if (failure) throw typeof failure === 'function' ? failure() : failure;
      const data = new Uint8Array(await body.arrayBuffer());
      const parts = this.uploads.get(t.uploadId);
      if (!parts) throw new ApiError('NoSuchUpload', 'The upload does not exist', 404);
      onProgress(data.length);
      parts.set(n, data);
      this.sentParts.push(n);
      return { etag: `etag-${n}-${data.length}` };
    })();
    return { promise, abort: () => undefined };
  }

  async listParts(t: UploadTarget) {
    const parts = this.uploads.get(t.uploadId);
    if (!parts) throw new ApiError('NoSuchUpload', 'The upload does not exist', 404);
    return [...parts].map(([partNumber, d]) => ({
      partNumber,
      etag: `etag-${partNumber}-${d.length}`,
      size: d.length,
    }));
  }

  async complete(t: UploadTarget, parts: readonly { partNumber: number; etag: string }[]) {
    const held = this.uploads.get(t.uploadId);
    if (!held) throw new ApiError('NoSuchUpload', 'The upload does not exist', 404);
    const chunks = parts.map((p) => {
      const d = held.get(p.partNumber);
      if (!d || p.etag !== `etag-${p.partNumber}-${d.length}`)
        throw new ApiError('InvalidPart', 'bad part', 400);
      return d;
    });
    this.completed.set(t.key, new Uint8Array(Buffer.concat(chunks)));
    this.uploads.delete(t.uploadId);
  }

  async abort(t: UploadTarget) {
    this.aborted.push(t.uploadId);
    this.uploads.delete(t.uploadId);
  }
}

/** A network that is online unless told otherwise; sleeps return at once and are recorded. */
function fakeNetwork() {
  let online = true;
  let wake: (() => void) | undefined;
  const sleeps: number[] = [];
  const net: NetworkWatch = {
    isOnline: () => online,
    whenOnline: (signal) =>
      new Promise<void>((resolve, reject) => {
        if (online) return resolve();
        wake = resolve;
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };
  return {
    net,
    sleeps,
    goOffline: () => {
      online = false;
    },
    goOnline: () => {
      online = true;
      wake?.();
    },
  };
}

/** Byte equality without a deep comparison of millions of elements. */
function same(a: Uint8Array | undefined, b: Uint8Array): boolean {
  return a !== undefined && Buffer.from(a).equals(Buffer.from(b));
}

function data(n: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(randomBytes(n));
}

let n = 0;
const journals: UploadJournal[] = [];
afterEach(() => {
  for (const j of journals.splice(0)) j.close();
});

function rig(size = 3 * PART + 123) {
  const store = new FakeStore();
  const network = fakeNetwork();
  const journal = new UploadJournal(`multipart-${++n}`);
  journals.push(journal);
  const bytes = data(size);
  const file = new File([bytes], 'big.bin', { lastModified: 1_700_000_000_000 });
  const notes: (string | undefined)[] = [];
  const progress: number[] = [];
  const send = multipartSender({ transport: store, journal, network: network.net, partConcurrency: 2 });
  const start = (resume?: Parameters<typeof send>[0]['resume']) =>
    send(
      { bucket: 'b', prefix: 'dir/', file, ...(resume ? { resume } : {}) },
      (loaded) => progress.push(loaded),
      {
        onNote: (note) => notes.push(note),
      },
    );
  return { store, network, journal, bytes, file, notes, progress, start };
}

/** An unfinished upload of the rig's file as the journal of an earlier page left it. */
async function journaled(r: ReturnType<typeof rig>, uploadId: string) {
  const identity = await fileIdentity(r.file);
  const upload = {
    uploadId,
    bucket: 'b',
    key: 'dir/big.bin',
    prefix: 'dir/',
    contentType: 'x',
    partSize: PART,
  };
  await r.journal.start({ ...upload, identity, startedAt: 1 });
  return r.journal.get(uploadId);
}

describe('multipart uploads that resume', { timeout: 20_000 }, () => {
  it('plans 8 MiB parts, bigger ones for files beyond 10,000 of them, and refuses what S3 cannot hold', () => {
    expect(planParts(2 * PART + 1, PART).map((p) => [p.partNumber, p.start, p.end])).toEqual([
      [1, 0, PART],
      [2, PART, 2 * PART],
      [3, 2 * PART, 2 * PART + 1],
    ]);
    expect(partSizeFor(1024 * MiB)).toBe(PART);
    expect(partSizeFor(200 * 1024 * MiB)).toBe(21 * MiB);
    expect(() => partSizeFor(700 * 1024 * MiB)).toThrow('cannot be uploaded here');
  });

  it('sends every part, completes bit-exact and forgets the upload', async () => {
    const r = rig();
    await r.start().promise;
    expect(same(r.store.completed.get('dir/big.bin'), r.bytes)).toBe(true);
    expect(r.store.sentParts.sort()).toEqual([1, 2, 3, 4]);
    expect(r.progress.at(-1)).toBe(r.bytes.length);
    expect(await r.journal.list()).toEqual([]);
  });

  it('after an interruption sends only the parts the store lacks (or holds cut short)', async () => {
    const r = rig();
    const uploadId = await r.store.create('b', 'dir/big.bin');
    const held = r.store.uploads.get(uploadId) as Map<number, Uint8Array>;
    held.set(1, r.bytes.slice(0, PART));
    held.set(3, r.bytes.slice(2 * PART, 2 * PART + 100)); // cut short: sent again
    const entry = await journaled(r, uploadId);

    await r.start(entry).promise;
    expect(r.store.sentParts.sort()).toEqual([2, 3, 4]);
    expect(same(r.store.completed.get('dir/big.bin'), r.bytes)).toBe(true);
    expect(await r.journal.list()).toEqual([]);
  });

  it('a new upload of the same file to the same key continues the unfinished one', async () => {
    const r = rig();
    r.store.failures = [undefined, undefined, new ApiError('Forbidden', 'denied', 403)];
    await expect(r.start().promise).rejects.toThrow('Forbidden');
    const [entry] = await r.journal.list();
    expect(entry?.key).toBe('dir/big.bin');
    const stored = [...(r.store.uploads.get(entry?.uploadId ?? '')?.keys() ?? [])];
    expect(stored).toEqual(expect.arrayContaining([1, 2]));
    r.store.sentParts = [];
    await r.start().promise;
    expect(r.store.sentParts.filter((p) => stored.includes(p))).toEqual([]);
    expect(same(r.store.completed.get('dir/big.bin'), r.bytes)).toBe(true);
  });

  it('sends a part again after network errors and 5xx, with a growing back-off', async () => {
    const r = rig(PART);
    r.store.failures = [
      new ApiError('The upload was interrupted (network error).', undefined, undefined),
      new ApiError('Error 503', undefined, 503),
    ];
    await r.start().promise;
    expect(r.network.sleeps).toEqual([1000, 2000]);
    expect(r.notes).toContain('Connection problem: trying again in 1 s (attempt 2 of 8)');
    expect(same(r.store.completed.get('dir/big.bin'), r.bytes)).toBe(true);
  });

  it('gives up after the last attempt, keeping the upload to resume', async () => {
    const r = rig(PART);
    r.store.failures = Array.from(
      { length: 2 * MAX_ATTEMPTS },
      () => new ApiError('Error 500', undefined, 500),
    );
    await expect(r.start().promise).rejects.toThrow('Error 500');
    expect(r.network.sleeps).toHaveLength(MAX_ATTEMPTS - 1);
    expect(await r.journal.list()).toHaveLength(1);
  });

  it('waits while offline without counting attempts, and continues when the network is back', async () => {
    const r = rig(PART);
    const offline = new ApiError('The upload was interrupted (network error).', undefined, undefined);
    r.store.failures = Array.from({ length: MAX_ATTEMPTS + 2 }, () => offline);
    r.network.goOffline();
    const upload = r.start().promise;
    await expect.poll(() => r.notes).toContain(OFFLINE_NOTE);
    expect(r.store.sentParts).toEqual([]);
    // Back online, the failures left are ordinary ones: the attempts offline were not counted.
    r.store.failures = [offline];
    r.network.goOnline();
    await upload;
    expect(r.notes.at(-1)).toBeUndefined();
    expect(same(r.store.completed.get('dir/big.bin'), r.bytes)).toBe(true);
  });

  it('Cancel aborts the upload on the store and forgets it', async () => {
    const r = rig();
    r.store.failures = [
      () => {
        r.network.goOffline();
        return new ApiError('The upload was interrupted (network error).', undefined, undefined);
      },
    ];
    const transfer = r.start();
    await expect.poll(() => r.notes).toContain(OFFLINE_NOTE);
    const [entry] = await r.journal.list();
    transfer.abort();
    await expect(transfer.promise).rejects.toThrow('Upload cancelled.');
    expect(r.store.aborted).toEqual([entry?.uploadId]);
    expect(await r.journal.list()).toEqual([]);
  });

  it('starts over when the store no longer has the upload it resumes', async () => {
    const r = rig();
    const entry = await journaled(r, 'gone');
    await r.start(entry).promise;
    expect(r.store.sentParts.sort()).toEqual([1, 2, 3, 4]);
    expect(same(r.store.completed.get('dir/big.bin'), r.bytes)).toBe(true);
    expect(await r.journal.list()).toEqual([]);
  });
});
