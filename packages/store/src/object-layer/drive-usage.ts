// SPDX-License-Identifier: Apache-2.0
import { type Dirent, promises as fsp } from 'node:fs';
import path from 'node:path';
import { CATALOG_FILE } from './catalog.js';

/** The catalog's SQLite files: their size is read when asked (rows grow them without a count here). */
const CATALOG_FILES = [CATALOG_FILE, `${CATALOG_FILE}-wal`, `${CATALOG_FILE}-shm`];

/** Sum of the sizes of the regular files under `root` (files vanishing meanwhile are skipped). */
async function walkBytes(root: string, skip: ReadonlySet<string>): Promise<number> {
  let total = 0;
  let entries: Dirent[];
  try {
    entries = await fsp.readdir(root, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = path.join(root, e.name);
    if (skip.has(p)) continue;
    if (e.isDirectory()) total += await walkBytes(p, skip);
    else if (e.isFile())
      total += await fsp.lstat(p).then(
        (st) => st.size,
        () => 0,
      );
  }
  return total;
}

/**
 * The usage of a sized volume (a drive folder given a capacity): every byte the store keeps under the
 * folder counts against it. The folder is walked at open; from then on shard bytes are added as they are
 * written (`written`) and removals mark the count stale (`freed`), so the next write that would not
 * fit recounts before it is refused. The catalog's files are measured each time room is checked.
 */
export class DriveUsage {
  readonly capacity: number;
  readonly #root: string;
  readonly #catalog: string[];
  /** Bytes of files outside the catalog: as walked, plus what was written since. */
  #counted = 0;
  #catalogBytes = 0;
  #stale = true;
  #recount: Promise<void> | null = null;
  /** Bytes written while a walk runs (the walk may or may not see them: counted again, conservatively). */
  #during = 0;

  /** `sysDir`: the drive's own folder, where the catalog lives. */
  constructor(root: string, sysDir: string, capacity: number) {
    this.#root = root;
    this.capacity = capacity;
    this.#catalog = CATALOG_FILES.map((f) => path.join(sysDir, f));
  }

  get used(): number {
    return this.#counted + this.#catalogBytes;
  }

  get free(): number {
    return Math.max(0, this.capacity - this.used);
  }

  /** `bytes` more were written under the folder. */
  written(bytes: number): void {
    this.#counted += bytes;
    if (this.#recount) this.#during += bytes;
  }

  /** Something under the folder was removed: the count is recounted before a write is refused. */
  freed(): void {
    this.#stale = true;
  }

  /** Walks the folder (one walk at a time; callers during a walk share it). */
  recount(): Promise<void> {
    this.#recount ??= (async () => {
      this.#stale = false;
      this.#during = 0;
      const walked = await walkBytes(this.#root, new Set(this.#catalog));
      this.#counted = walked + this.#during;
      await this.#measureCatalog();
    })().finally(() => {
      this.#recount = null;
    });
    return this.#recount;
  }

  async #measureCatalog(): Promise<void> {
    const sizes = await Promise.all(
      this.#catalog.map((f) =>
        fsp.stat(f).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    this.#catalogBytes = sizes.reduce((a, b) => a + b, 0);
  }

  /** Brings the figures up to date (a walk when something was removed since the last one). */
  async refresh(): Promise<void> {
    if (this.#stale) await this.recount();
    else await this.#measureCatalog();
  }

  /** Whether `bytes` more fit by the count as it stands (no I/O: the check of each block written). */
  fitsNow(bytes: number): boolean {
    return this.used + bytes <= this.capacity;
  }

  /** Whether `bytes` more fit, recounting first when the count may be stale. */
  async fits(bytes: number): Promise<boolean> {
    if (this.#recount) await this.#recount;
    await this.#measureCatalog();
    if (this.used + bytes <= this.capacity) return true;
    if (!this.#stale) return false;
    await this.recount();
    return this.used + bytes <= this.capacity;
  }
}
