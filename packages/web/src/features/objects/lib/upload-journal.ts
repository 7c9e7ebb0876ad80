// SPDX-License-Identifier: Apache-2.0
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { type FileIdentity, identityDifferences } from './file-identity';

/**
 * The browser's journal of multipart uploads (issue 35, uploads that resume), in IndexedDB so it outlives a
 * reload, a closed tab or a console restart: each upload's id, bucket and key, the file's identity, the
 * part size, and every part the store acknowledged (number, ETag). A part is its own record, written when
 * its PUT answered, so parts finishing together never overwrite each other. `forget` drops an upload and its
 * parts in one transaction.
 */
export interface JournalUpload {
  uploadId: string;
  bucket: string;
  key: string;
  /** Where the upload manager put it: key = prefix + identity.name. */
  prefix: string;
  contentType: string;
  partSize: number;
  identity: FileIdentity;
  /** Milliseconds since the epoch. */
  startedAt: number;
}

export interface JournalPart {
  partNumber: number;
  etag: string;
  size: number;
}

/** An unfinished upload with the parts the journal holds, by part number. */
export interface JournalEntry extends JournalUpload {
  parts: JournalPart[];
}

interface UploadJournalDb extends DBSchema {
  uploads: { key: string; value: JournalUpload };
  parts: {
    key: [string, number];
    value: JournalPart & { uploadId: string };
    indexes: { byUpload: string };
  };
}

export const JOURNAL_DB_NAME = 'stowage-uploads';

export class UploadJournal {
  private db: Promise<IDBPDatabase<UploadJournalDb>> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly name: string = JOURNAL_DB_NAME) {}

  private open(): Promise<IDBPDatabase<UploadJournalDb>> {
    this.db ??= openDB<UploadJournalDb>(this.name, 1, {
      upgrade(db) {
        db.createObjectStore('uploads', { keyPath: 'uploadId' });
        db.createObjectStore('parts', { keyPath: ['uploadId', 'partNumber'] }).createIndex(
          'byUpload',
          'uploadId',
        );
      },
    });
    return this.db;
  }

  /** Called after every change this journal makes (the manager's list of unfinished uploads re-reads). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  async start(upload: JournalUpload): Promise<void> {
    await (await this.open()).put('uploads', upload);
    this.changed();
  }

  async recordPart(uploadId: string, part: JournalPart): Promise<void> {
    await (await this.open()).put('parts', { uploadId, ...part });
    this.changed();
  }

  /** The parts of one upload, replaced by what the store answered (ListParts) when resuming. */
  async replaceParts(uploadId: string, parts: readonly JournalPart[]): Promise<void> {
    const tx = (await this.open()).transaction('parts', 'readwrite');
    await tx.store.delete(IDBKeyRange.bound([uploadId, 0], [uploadId, Number.MAX_SAFE_INTEGER]));
    for (const p of parts) await tx.store.put({ uploadId, ...p });
    await tx.done;
    this.changed();
  }

  async get(uploadId: string): Promise<JournalEntry | undefined> {
    const db = await this.open();
    const upload = await db.get('uploads', uploadId);
    if (!upload) return undefined;
    return { ...upload, parts: partsOf(await db.getAllFromIndex('parts', 'byUpload', uploadId)) };
  }

  /** Every unfinished upload, oldest first. */
  async list(): Promise<JournalEntry[]> {
    const db = await this.open();
    const tx = db.transaction(['uploads', 'parts'], 'readonly');
    const [uploads, parts] = await Promise.all([
      tx.objectStore('uploads').getAll(),
      tx.objectStore('parts').getAll(),
    ]);
    await tx.done;
    return uploads
      .map((u) => ({ ...u, parts: partsOf(parts.filter((p) => p.uploadId === u.uploadId)) }))
      .sort((a, b) => a.startedAt - b.startedAt || a.uploadId.localeCompare(b.uploadId));
  }

  /** The unfinished upload of this very file to this bucket and key, if there is one (Retry, or a drop again). */
  async find(bucket: string, key: string, identity: FileIdentity): Promise<JournalEntry | undefined> {
    const all = await this.list();
    return all.findLast(
      (u) => u.bucket === bucket && u.key === key && identityDifferences(u.identity, identity).length === 0,
    );
  }

  async forget(uploadId: string): Promise<void> {
    const tx = (await this.open()).transaction(['uploads', 'parts'], 'readwrite');
    await tx.objectStore('uploads').delete(uploadId);
    await tx
      .objectStore('parts')
      .delete(IDBKeyRange.bound([uploadId, 0], [uploadId, Number.MAX_SAFE_INTEGER]));
    await tx.done;
    this.changed();
  }

  close(): void {
    void this.db?.then((db) => db.close());
    this.db = undefined;
  }
}

function partsOf(parts: readonly (JournalPart & { uploadId: string })[]): JournalPart[] {
  return parts
    .map(({ partNumber, etag, size }) => ({ partNumber, etag, size }))
    .sort((a, b) => a.partNumber - b.partNumber);
}
