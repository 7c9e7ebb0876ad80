import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** One entry of a streamed archive. */
export interface ZipEntry {
  /** Path inside the archive, '/'-separated and relative (see `zipEntryName`). */
  name: string;
  mtime: Date;
  /** Bytes of the entry; known up front so the local header can say ZIP64 for entries over 4 GiB. */
  size: number;
  /** Opens the entry's bytes when the archive reaches it; absent for a directory entry. */
  open?: () => Promise<Readable>;
}

/** How many file entries may be queued ahead of the one being written (bounds the listing run-ahead). */
const LOOKAHEAD = 32;

/**
 * A zip archive of `entries`, streamed (yazl: ZIP64 when sizes or offsets pass 4 GiB). Entries are
 * taken from the iterator only a little ahead of the one being written and each entry's data is opened
 * only when its turn comes, so at most one object is read at a time and back-pressure from the client
 * reaches the store. Entries are stored, not deflated: most objects (media, archives) do not shrink and
 * deflate would make the console's CPU the bottleneck.
 *
 * Closing the returned stream (the client went away) destroys the object being read and stops pulling
 * entries. A failure after the archive started (an object vanished or changed size) destroys the stream
 * with that error: the HTTP response is then cut, so the client sees a failed download rather than a
 * silently incomplete archive.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let closed = false;
  let current: Readable | undefined;
  let queued = 0;
  let started = 0;
  let wake: () => void = () => {};

  const fail = (err: unknown): void => {
    if (!out.destroyed) out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  out.on('close', () => {
    closed = true;
    current?.destroy();
    wake();
  });
  zip.on('error', fail);

  const addFile = (entry: ZipEntry, open: () => Promise<Readable>): void => {
    queued++;
    zip.addReadStreamLazy(entry.name, { size: entry.size, mtime: entry.mtime, compress: false }, (cb) => {
      started++;
      wake();
      if (closed) return;
      open().then(
        (stream) => {
          if (closed) {
            stream.destroy();
            return;
          }
          current = stream;
          stream.once('error', fail);
          cb(null, stream);
        },
        (err: unknown) => cb(err, undefined as unknown as Readable),
      );
    });
  };

  const feed = async (): Promise<void> => {
    for await (const entry of entries) {
      if (closed) return;
      if (entry.open === undefined) zip.addEmptyDirectory(entry.name, { mtime: entry.mtime });
      else addFile(entry, entry.open);
      while (!closed && queued - started > LOOKAHEAD) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    }
    if (!closed) zip.end();
  };
  feed().catch(fail);
  return out;
}

/**
 * An object key as a safe archive path: relative, '/'-separated, without empty, '.' or '..' segments
 * (an archive must not write outside the folder it is extracted into), without backslashes, which
 * some extractors take as separators, and not starting with a drive letter. A key ending in '/' (a folder marker) keeps its trailing '/'.
 */
export function zipEntryName(relativeKey: string): string {
  const isDir = relativeKey.endsWith('/');
  const segments = relativeKey
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .map((s) => (s === '..' ? '_' : s.replace(/\\/g, '_')));
  if (segments.length === 0) return '';
  // 'C:…' reads as a Windows drive.
  if (/^[a-zA-Z]:/.test(segments[0] as string)) segments[0] = `_${segments[0]}`;
  return segments.join('/') + (isDir ? '/' : '');
}
