// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { s3Error } from '../core/errors.js';
import { BITROT_SIZE, bitrotSum } from './codec/bitrot.js';
import { type Drive, isNotFound, syncDir, writeFileSynced } from './drive.js';
import type { DocHealResult, HealDriveState, HealOptions } from './types.js';

/**
 * Small documents (IAM, bucket settings, multipart bookkeeping) replicated whole to every online drive
 * under `.stowage.sys/<base>/`. File = 'SWD1' | xxh64(rest) | written-at ms (8) | payload. A write needs
 * the write quorum; a read takes the copy agreed by the read quorum, otherwise the newest readable one.
 */

const MAGIC = Buffer.from('SWD1');

export interface Quorum {
  read: number;
  write: number;
  fsync: boolean;
}

function encodeDoc(data: Buffer): Buffer {
  const ts = Buffer.alloc(8);
  ts.writeBigUInt64BE(BigInt(Date.now()));
  const body = Buffer.concat([ts, data]);
  return Buffer.concat([MAGIC, bitrotSum(body), body]);
}

function decodeDoc(buf: Buffer): { ts: number; data: Buffer } | null {
  if (buf.length < 4 + BITROT_SIZE + 8 || !buf.subarray(0, 4).equals(MAGIC)) return null;
  const body = buf.subarray(4 + BITROT_SIZE);
  if (!bitrotSum(body).equals(buf.subarray(4, 4 + BITROT_SIZE))) return null;
  return { ts: Number(body.readBigUInt64BE(0)), data: body.subarray(8) };
}

/** One drive's copy of a document: its bytes, 'absent' (no file), or null (offline or unreadable). */
interface DriveCopy {
  drive: Drive;
  raw: Buffer | 'absent' | null;
}

/**
 * The copy a read answers with: the one a read quorum agrees on, otherwise (degraded, with neither a
 * quorum of agreeing copies nor of absent ones) the newest readable one; null when there is none.
 * Throws InsufficientReadQuorum when too few drives are online to tell.
 */
function agreedCopy(copies: DriveCopy[], readQuorum: number): { raw: Buffer; data: Buffer } | null {
  let absent = 0;
  let online = 0;
  const groups = new Map<string, { count: number; ts: number; data: Buffer; raw: Buffer }>();
  for (const { drive, raw } of copies) {
    if (drive.online) online++;
    if (raw === 'absent') absent++;
    const doc = raw && raw !== 'absent' ? decodeDoc(raw) : null;
    if (!doc || !raw || raw === 'absent') continue;
    const key = `${doc.ts}:${bitrotSum(doc.data).toString('hex')}`;
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { count: 1, ts: doc.ts, data: doc.data, raw });
  }
  const all = [...groups.values()].sort((a, b) => b.count - a.count || b.ts - a.ts);
  const best = all[0];
  if (best && best.count >= readQuorum) return best;
  if (absent >= readQuorum) return null;
  if (online < readQuorum) throw s3Error('InsufficientReadQuorum');
  // Degraded: no agreement; the newest readable copy is the best we know.
  return [...groups.values()].sort((a, b) => b.ts - a.ts)[0] ?? null;
}

/** Document paths are '/'-separated names of [A-Za-z0-9._=@+,-] with no '.'/'..' segments. */
export function validateDocPath(p: string): string[] {
  const segs = p.split('/');
  if (
    p.length === 0 ||
    p.length > 1024 ||
    segs.some(
      (s) => s === '' || s === '.' || s === '..' || !/^[A-Za-z0-9._=@+,~-]+$/.test(s) || s.length > 200,
    )
  ) {
    throw s3Error('InvalidArgument', {}, `Invalid system document path: ${JSON.stringify(p)}`);
  }
  return segs;
}

export class DocStore {
  private readonly drives: Drive[];
  private readonly quorum: Quorum;
  private readonly base: string;

  constructor(drives: Drive[], quorum: Quorum, base: string) {
    this.drives = drives;
    this.quorum = quorum;
    this.base = base;
  }

  private file(d: Drive, segs: string[]): string {
    return d.sys(this.base, ...segs);
  }

  async read(segs: string[]): Promise<Buffer | null> {
    const copies = await this.readCopies(segs);
    return agreedCopy(copies, this.quorum.read)?.data ?? null;
  }

  /** Each drive's copy of a document as found (by drive index): its bytes, 'absent', or null (offline, unreadable). */
  private async readCopies(segs: string[]): Promise<DriveCopy[]> {
    return Promise.all(
      this.drives.map(async (d): Promise<DriveCopy> => {
        if (!d.online) return { drive: d, raw: null };
        try {
          return { drive: d, raw: await fsp.readFile(this.file(d, segs)) };
        } catch (err) {
          if (!isNotFound(err)) d.reportError(err);
          return { drive: d, raw: isNotFound(err) ? 'absent' : null };
        }
      }),
    );
  }

  /**
   * Heal one document: bring every online drive's copy to the copy `read` answers with (the same
   * bytes, written atomically to the drives whose copy is missing, stale or damaged). A `normal` scan
   * judges a copy by its length and header (written-at time and checksum), a `deep` one by every byte.
   * `dryRun` only reports. Null when there is no such document (absent on a read quorum, or no copy).
   */
  async heal(
    segs: string[],
    opts: Pick<HealOptions, 'scanMode' | 'dryRun'> = {},
  ): Promise<DocHealResult | null> {
    const copies = await this.readCopies(segs);
    const agreed = agreedCopy(copies, this.quorum.read);
    if (!agreed) return null;
    const deep = (opts.scanMode ?? 'deep') === 'deep';
    const header = 4 + BITROT_SIZE + 8;
    const before = copies.map(({ drive, raw }): HealDriveState => {
      if (!drive.online) return 'offline';
      if (raw === 'absent') return 'missing';
      if (raw === null || raw.length !== agreed.raw.length) return 'corrupt';
      const same = deep
        ? raw.equals(agreed.raw)
        : raw.subarray(0, header).equals(agreed.raw.subarray(0, header));
      return same ? 'ok' : 'corrupt';
    });
    const after = [...before];
    if (!opts.dryRun) {
      await Promise.all(
        copies.map(async ({ drive }, i) => {
          if (before[i] === 'ok' || before[i] === 'offline') return;
          try {
            await this.put(drive, segs, agreed.raw);
            after[i] = 'ok';
          } catch (err) {
            drive.reportError(err);
          }
        }),
      );
    }
    return { path: [this.base, ...segs].join('/'), size: agreed.data.length, before, after };
  }

  async write(segs: string[], data: Buffer): Promise<void> {
    const content = encodeDoc(data);
    await this.onQuorum((d) => this.put(d, segs, content));
  }

  /** Atomically replace one drive's copy with `content` (temp file, rename). */
  private async put(d: Drive, segs: string[], content: Buffer): Promise<void> {
    const tmp = d.tmp(`${randomUUID()}.doc`);
    const target = this.file(d, segs);
    await writeFileSynced(tmp, content, this.quorum.fsync);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(tmp, target);
    if (this.quorum.fsync) await syncDir(path.dirname(target));
  }

  async delete(segs: string[]): Promise<void> {
    await this.onQuorum(async (d) => {
      await fsp.rm(this.file(d, segs), { force: true });
      d.freed();
    });
  }

  /** Remove a whole sub-tree of documents (e.g. a deleted bucket's settings). */
  async deleteTree(segs: string[]): Promise<void> {
    await this.onQuorum(async (d) => {
      await fsp.rm(this.file(d, segs), { recursive: true, force: true });
      d.freed();
    });
  }

  /** Union of the document paths found under `segs` on the online drives (recursive), sorted. */
  async listTree(segs: string[]): Promise<string[]> {
    const found = new Set<string>();
    await Promise.all(
      this.drives
        .filter((d) => d.online)
        .map(async (d) => {
          const root = this.file(d, segs);
          try {
            const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
            for (const e of entries) {
              if (!e.isFile()) continue;
              const rel = path.relative(root, path.join(e.parentPath, e.name));
              found.add(rel.split(path.sep).join('/'));
            }
          } catch (err) {
            if (!isNotFound(err)) d.reportError(err);
          }
        }),
    );
    return [...found].sort();
  }

  /** Names directly inside a folder (union over drives). */
  async listDir(segs: string[]): Promise<string[]> {
    const found = new Set<string>();
    await Promise.all(
      this.drives
        .filter((d) => d.online)
        .map(async (d) => {
          try {
            for (const n of await fsp.readdir(this.file(d, segs))) found.add(n);
          } catch (err) {
            if (!isNotFound(err)) d.reportError(err);
          }
        }),
    );
    return [...found].sort();
  }

  /** Run `op` on every online drive; throw InsufficientWriteQuorum when fewer than the quorum succeed. */
  private async onQuorum(op: (d: Drive) => Promise<void>): Promise<void> {
    await runOnQuorum(this.drives, this.quorum.write, op);
  }
}

/** Run `op` on every online drive in parallel; require `need` successes. */
export async function runOnQuorum(
  drives: Drive[],
  need: number,
  op: (d: Drive) => Promise<void>,
): Promise<void> {
  const online = drives.filter((d) => d.online);
  if (online.length < need) throw s3Error('InsufficientWriteQuorum');
  const results = await Promise.allSettled(online.map((d) => op(d)));
  let ok = 0;
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') ok++;
    else (online[i] as Drive).reportError(r.reason);
  });
  if (ok < need) throw s3Error('InsufficientWriteQuorum');
}
