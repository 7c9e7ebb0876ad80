// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import path from 'node:path';
import { Catalog, type CatalogMode } from './catalog.js';
import type { DriveUsage } from './drive-usage.js';

/** Name of the per-drive folder holding the store's own data (bucket names cannot start with '.'). */
export const SYS_DIR = '.stowage.sys';

export type DriveState = 'ok' | 'offline' | 'faulty';

/** A drive folder formatted for another drive count or position. */
export class FormatMismatchError extends Error {
  override readonly name = 'FormatMismatchError';
}

/** Error codes that mean "this path is not there" rather than "this drive is failing". */
export function isNotFound(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * One drive folder. Every path the layer touches is built by `resolve()` from validated segments, so
 * nothing outside the drive folder can be named. The drive goes `offline` when its folder vanishes or
 * stops being writable, and comes back when a health check finds it usable again.
 */
export class Drive {
  readonly root: string;
  /** The root with a trailing separator: `base + rel` = resolve(rel) for a normalized relative path. */
  readonly base: string;
  readonly index: number;
  #state: DriveState = 'ok';
  uuid = '';
  /** Called when the state changes (ok ↔ offline/faulty), for the store's log. */
  onStateChange: ((d: Drive, from: DriveState) => void) | null = null;
  /** Set when this process gave the folder a new identity (fresh or wiped drive): it needs healing. */
  formatted = false;
  /** Called after a health check re-formatted a wiped drive folder. */
  onFormatted: ((d: Drive) => void) | null = null;
  private checking: Promise<void> | null = null;
  /** Set by close(): probes stop touching the folder (they could re-create, even re-format, it). */
  private closed = false;
  /** The drive's metadata catalog (./catalog.ts): open while the drive is online. */
  readonly catalog: Catalog;
  /**
   * Imports a data folder written before the catalog into a new catalog (./legacy-import.ts, set by
   * the erasure set); returns the objects a legacy journal named.
   */
  importer: ((d: Drive) => Promise<string[]>) | null = null;
  /** Objects named by a legacy journal at import, healed by the store's recovery at open. */
  legacyTouched: string[] = [];

  /** A sized volume's usage (./drive-usage.ts); null when the drive has the filesystem's own size. */
  usage: DriveUsage | null = null;

  /** Number of drives in the set (recorded in format.json; a mismatch refuses to open). */
  readonly setSize: number;

  constructor(root: string, index: number, setSize = 1, catalogMode: CatalogMode = 'journal') {
    this.root = root;
    this.base = path.join(root, path.sep);
    this.index = index;
    this.setSize = setSize;
    this.catalog = new Catalog(this.sys(), catalogMode);
  }

  get state(): DriveState {
    return this.#state;
  }

  set state(next: DriveState) {
    const from = this.#state;
    this.#state = next;
    // Reopened by the health check that brings the drive back (maybe a new, re-formatted folder).
    if (next !== 'ok') this.catalog.close();
    if (from !== next) this.onStateChange?.(this, from);
  }

  get online(): boolean {
    return this.state === 'ok';
  }

  /** Absolute path of segments below the drive root. Segments were validated by the caller. */
  resolve(...segs: string[]): string {
    return path.join(this.root, ...segs);
  }

  sys(...segs: string[]): string {
    return path.join(this.root, SYS_DIR, ...segs);
  }

  tmp(name: string): string {
    return path.join(this.root, SYS_DIR, 'tmp', name);
  }

  /** Create the folder and its format file at open; clean temp leftovers of a crashed process. */
  async init(): Promise<void> {
    try {
      await fsp.mkdir(this.sys('tmp'), { recursive: true });
      await fsp.rm(this.sys('tmp'), { recursive: true, force: true });
      await fsp.mkdir(this.sys('tmp'), { recursive: true });
      await this.loadFormat();
      await this.openCatalog();
      await this.usage?.recount();
      this.state = 'ok';
    } catch (err) {
      if (err instanceof FormatMismatchError) throw err;
      this.state = 'offline';
    }
  }

  private async loadFormat(): Promise<void> {
    const file = this.sys('format.json');
    try {
      const doc = JSON.parse(await fsp.readFile(file, 'utf8')) as {
        uuid?: string;
        index?: number;
        drives?: number;
      };
      if (typeof doc.uuid === 'string') {
        // Objects are laid out for one drive count and order: reopening with another would misread them.
        if (
          (doc.drives !== undefined && doc.drives !== this.setSize) ||
          (doc.index !== undefined && doc.index !== this.index)
        ) {
          throw new FormatMismatchError(
            `${this.root} belongs to drive ${(doc.index ?? 0) + 1} of ${doc.drives ?? '?'}, ` +
              `but was opened as drive ${this.index + 1} of ${this.setSize}`,
          );
        }
        this.uuid = doc.uuid;
        return;
      }
    } catch (err) {
      if (err instanceof FormatMismatchError) throw err;
      if (!isNotFound(err) && !(err instanceof SyntaxError)) throw err;
    }
    // A fresh (or wiped) drive folder: give it an identity. Missing objects on it read as lost shards.
    this.uuid = randomUUID();
    this.formatted = true;
    const tmp = this.tmp(`${randomUUID()}.format`);
    await fsp.mkdir(path.dirname(tmp), { recursive: true });
    await fsp.writeFile(
      tmp,
      JSON.stringify({ version: 1, uuid: this.uuid, index: this.index, drives: this.setSize }),
    );
    await fsp.rename(tmp, file);
  }

  /** Open the catalog; a new one imports what an older build left in the folder. */
  private async openCatalog(): Promise<void> {
    if (this.catalog.open()) {
      const touched = this.importer ? await this.importer(this) : [];
      if (!this.importer) this.catalog.markImported();
      this.legacyTouched.push(...touched);
    }
  }

  /**
   * Probe the drive: the folder must exist and be writable; a wiped folder is re-formatted. Once the
   * drive is closed a probe does nothing.
   */
  check(): Promise<void> {
    if (!this.checking && !this.closed) {
      this.checking = (async () => {
        try {
          const st = await fsp.stat(this.root);
          if (!st.isDirectory()) throw new Error('not a directory');
          await fsp.access(this.root, constants.W_OK);
          await fsp.mkdir(this.sys('tmp'), { recursive: true });
          const probe = this.tmp(`${randomUUID()}.probe`);
          await fsp.writeFile(probe, 'ok');
          await fsp.rm(probe, { force: true });
          // Closed meanwhile (the folder may be being removed): neither format it nor open its catalog.
          if (this.closed) return;
          const before = this.uuid;
          await this.loadFormat();
          if (before && this.uuid !== before) this.catalog.close();
          await this.openCatalog();
          this.state = 'ok';
          if (before && this.uuid !== before) this.onFormatted?.(this);
        } catch {
          this.state = 'offline';
        }
      })().finally(() => {
        this.checking = null;
      });
    }
    return this.checking ?? Promise.resolve();
  }

  /** Stop probing (waiting for a probe in flight) and close the catalog. */
  async close(): Promise<void> {
    this.closed = true;
    await this.checking;
    this.catalog.close();
  }

  /** Files under the folder were removed: a sized volume recounts before it refuses a write. */
  freed(): void {
    this.usage?.freed();
  }

  /** Called when an operation failed on this drive for a reason other than a missing path. */
  reportError(err: unknown): void {
    if (isNotFound(err)) {
      // The whole drive folder may have gone; find out in the background.
      void this.check();
      return;
    }
    this.state = 'offline';
    void this.check();
  }
}

/** mkdir of one level (the parent must exist), tolerating an existing folder. */
export async function mkdirIfMissing(dir: string): Promise<void> {
  try {
    await fsp.mkdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

/** Write a file durably: write, fsync, close. */
export async function writeFileSynced(file: string, data: Uint8Array, fsync: boolean): Promise<void> {
  const fh = await fsp.open(file, 'w');
  try {
    await fh.writeFile(data);
    if (fsync) await fh.datasync();
  } finally {
    await fh.close();
  }
}

/** rename, creating the target's folder when missing (cheaper than mkdir before every rename). */
export async function renameMkdir(from: string, to: string): Promise<void> {
  try {
    await fsp.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    // The source is gone too when the whole drive folder vanished: never re-create that folder.
    await fsp.access(from).catch(() => {
      throw err;
    });
    await fsp.mkdir(path.dirname(to), { recursive: true });
    await fsp.rename(from, to);
  }
}

/** fsync a directory so a rename into it survives power loss. */
export async function syncDir(dir: string): Promise<void> {
  let fh: fsp.FileHandle | null = null;
  try {
    fh = await fsp.open(dir, 'r');
    await fh.sync();
  } catch {
    // Some file systems refuse fsync on directories; the rename itself is still atomic.
  } finally {
    await fh?.close();
  }
}

/** Remove now-empty folders from `dir` up to (not including) `stop`, so listings see no ghost prefixes. */
export async function pruneEmptyDirs(dir: string, stop: string): Promise<void> {
  let d = dir;
  while (d.length > stop.length && d.startsWith(stop)) {
    try {
      await fsp.rmdir(d);
    } catch {
      return;
    }
    d = path.dirname(d);
  }
}
