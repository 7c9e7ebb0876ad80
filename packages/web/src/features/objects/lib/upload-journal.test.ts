// SPDX-License-Identifier: Apache-2.0
import '@/test/fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileIdentity } from './file-identity';
import { type JournalUpload, UploadJournal } from './upload-journal';

const identity: FileIdentity = {
  name: 'big.bin',
  size: 40 * 1024 * 1024,
  lastModified: 1_700_000_000_000,
  headSha256: 'a'.repeat(64),
  tailSha256: 'b'.repeat(64),
};

const upload = (uploadId: string, over: Partial<JournalUpload> = {}): JournalUpload => ({
  uploadId,
  bucket: 'photos',
  key: 'trips/big.bin',
  prefix: 'trips/',
  contentType: 'application/octet-stream',
  partSize: 8 * 1024 * 1024,
  identity,
  startedAt: 1_700_000_000_000,
  ...over,
});

let n = 0;
const opened: UploadJournal[] = [];
function journal(name = `journal-${++n}`): UploadJournal {
  const j = new UploadJournal(name);
  opened.push(j);
  return j;
}
afterEach(() => {
  for (const j of opened.splice(0)) j.close();
});

describe('the upload journal (IndexedDB)', () => {
  it('keeps an upload and the parts the store acknowledged, for the next page to read', async () => {
    const name = `journal-${++n}`;
    const first = journal(name);
    await first.start(upload('u1'));
    // Parts finishing together are all kept (one record each).
    await Promise.all(
      [3, 1, 2].map((p) => first.recordPart('u1', { partNumber: p, etag: `e${p}`, size: 8 })),
    );
    first.close();

    const after = journal(name);
    const [entry, ...rest] = await after.list();
    expect(rest).toEqual([]);
    expect(entry).toEqual({
      ...upload('u1'),
      parts: [1, 2, 3].map((p) => ({ partNumber: p, etag: `e${p}`, size: 8 })),
    });
    expect(await after.get('u1')).toEqual(entry);
    expect(await after.get('nope')).toBeUndefined();
  });

  it('finds the unfinished upload of the same file to the same key only', async () => {
    const j = journal();
    await j.start(upload('old', { startedAt: 1 }));
    await j.start(upload('new', { startedAt: 2 }));
    await j.start(upload('elsewhere', { key: 'other/big.bin', prefix: 'other/' }));
    expect((await j.find('photos', 'trips/big.bin', identity))?.uploadId).toBe('new');
    expect(
      await j.find('photos', 'trips/big.bin', { ...identity, tailSha256: 'c'.repeat(64) }),
    ).toBeUndefined();
    expect(await j.find('videos', 'trips/big.bin', identity)).toBeUndefined();
  });

  it('replaces the parts with what the store holds, and forgets an upload with its parts', async () => {
    const j = journal();
    let changes = 0;
    j.subscribe(() => changes++);
    await j.start(upload('u1'));
    await j.start(upload('u2', { key: 'two.bin', prefix: '' }));
    await j.recordPart('u1', { partNumber: 1, etag: 'stale', size: 8 });
    await j.recordPart('u2', { partNumber: 1, etag: 'x', size: 8 });
    await j.replaceParts('u1', [{ partNumber: 2, etag: 'e2', size: 8 }]);
    expect((await j.get('u1'))?.parts).toEqual([{ partNumber: 2, etag: 'e2', size: 8 }]);

    await j.forget('u1');
    expect(await j.get('u1')).toBeUndefined();
    expect((await j.list()).map((e) => [e.uploadId, e.parts.length])).toEqual([['u2', 1]]);
    expect(changes).toBe(6);
  });
});
