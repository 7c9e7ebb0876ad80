// SPDX-License-Identifier: Apache-2.0
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

/** Options of {@link zipStream}. */
export interface ZipOptions {
  /**
   * Why an entry whose `open` failed with `err` is left out while the archive goes on, or undefined when
   * that failure must cut the archive. Entries left out are named, with the reason, in a text entry at
   * the end of the archive ({@link SKIPPED_NOTE}), so an archive is never silently incomplete.
   */
  skipReason?: (err: unknown) => string | undefined;
}

/** Name of the text entry that lists the entries left out (a number is added if an object has that name). */
export const SKIPPED_NOTE = 'SKIPPED-OBJECTS.txt';

/** The note's text: one line per entry left out, with the reason. */
function skippedNoteText(skipped: readonly { name: string; reason: string }[], total: number): string {
  const count = total === 1 ? '1 object was' : `${total} objects were`;
  const lines = skipped.map((s) => `${s.name}: ${s.reason}`);
  if (total > skipped.length) lines.push(`… and ${total - skipped.length} more, not named here.`);
  return `${count} left out of this archive:\n\n${lines.join('\n')}\n`;
}

/** How many skipped entries the note names (the rest are counted), so a huge folder cannot fill memory. */
const NOTE_MAX_NAMES = 10_000;

/** The note's name: SKIPPED_NOTE, or 'SKIPPED-OBJECTS (2).txt' … when an entry already has that name. */
function noteName(taken: ReadonlySet<string>): string {
  let name = SKIPPED_NOTE;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = SKIPPED_NOTE.replace('.txt', ` (${n}).txt`);
  return name;
}

/**
 * A zip archive of `entries`, streamed (yazl: ZIP64 when sizes or offsets pass 4 GiB). Each object is
 * opened when the previous one has been read to its end and only then added to the archive, so at most
 * one object is read at a time, back-pressure from the client reaches the store, and an object that
 * cannot be read is known before its header is written: `options.skipReason` may then leave it out (the
 * archive names it in a {@link SKIPPED_NOTE} entry at the end). Entries are stored, not deflated: most
 * objects (media, archives) do not shrink and deflate would make the console's CPU the bottleneck.
 *
 * Closing the returned stream (the client went away) destroys the object being read and stops pulling
 * entries. Any other failure after the archive started (an object vanished or changed size, a listing
 * failed) destroys the stream with that error: the HTTP response is then cut, so the client sees a
 * failed download rather than a silently incomplete archive.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>, options: ZipOptions = {}): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let closed = false;
  let current: Readable | undefined;
  const skipped: { name: string; reason: string }[] = [];
  let skippedTotal = 0;
  // Entry names that could clash with the note's (kept small: only those starting like it).
  const noteLike = new Set<string>();
  const notePrefix = SKIPPED_NOTE.replace('.txt', '').toLowerCase();

  const fail = (err: unknown): void => {
    if (!out.destroyed) out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  out.on('close', () => {
    closed = true;
    current?.destroy();
  });
  zip.on('error', fail);

  const addFile = async (entry: ZipEntry, open: () => Promise<Readable>): Promise<void> => {
    let stream: Readable;
    try {
      stream = await open();
    } catch (err) {
      const reason = options.skipReason?.(err);
      if (reason === undefined) throw err;
      if (++skippedTotal <= NOTE_MAX_NAMES) skipped.push({ name: entry.name, reason });
      return;
    }
    if (closed) {
      stream.destroy();
      return;
    }
    current = stream;
    stream.once('error', fail);
    // Read to its end (or destroyed): the next object is opened then, not at its 'close' (a tick later).
    const read = new Promise<void>((resolve) => {
      stream.once('end', resolve).once('close', resolve);
    });
    zip.addReadStream(stream, entry.name, { size: entry.size, mtime: entry.mtime, compress: false });
    await read;
  };

  const feed = async (): Promise<void> => {
    for await (const entry of entries) {
      if (closed) return;
      if (entry.name.toLowerCase().startsWith(notePrefix)) noteLike.add(entry.name.toLowerCase());
      if (entry.open === undefined) zip.addEmptyDirectory(entry.name, { mtime: entry.mtime });
      else await addFile(entry, entry.open);
    }
    if (closed) return;
    if (skippedTotal > 0) {
      const note = Buffer.from(skippedNoteText(skipped, skippedTotal));
      zip.addBuffer(note, noteName(noteLike), { mtime: new Date() });
    }
    zip.end();
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
