import { randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { s3Error } from '../core/errors.js';
import { BITROT_SIZE, bitrotSum } from './codec/bitrot.js';
import { type Drive, isNotFound, syncDir, writeFileSynced } from './drive.js';

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
    const online = this.drives.filter((d) => d.online);
    const results = await Promise.all(
      online.map(async (d) => {
        try {
          return decodeDoc(await fsp.readFile(this.file(d, segs)));
        } catch (err) {
          if (!isNotFound(err)) d.reportError(err);
          return isNotFound(err) ? ('absent' as const) : null;
        }
      }),
    );
    let absent = 0;
    const groups = new Map<string, { count: number; ts: number; data: Buffer }>();
    for (const r of results) {
      if (r === 'absent') absent++;
      else if (r) {
        const key = `${r.ts}:${bitrotSum(r.data).toString('hex')}`;
        const g = groups.get(key);
        if (g) g.count++;
        else groups.set(key, { count: 1, ts: r.ts, data: r.data });
      }
    }
    const all = [...groups.values()].sort((a, b) => b.count - a.count || b.ts - a.ts);
    const best = all[0];
    if (best && best.count >= this.quorum.read) return best.data;
    if (absent >= this.quorum.read) return null;
    if (online.length < this.quorum.read) throw s3Error('InsufficientReadQuorum');
    // Degraded: no agreement; the newest readable copy is the best we know.
    const newest = [...groups.values()].sort((a, b) => b.ts - a.ts)[0];
    return newest ? newest.data : null;
  }

  async write(segs: string[], data: Buffer): Promise<void> {
    const content = encodeDoc(data);
    await this.onQuorum(async (d) => {
      const tmp = d.tmp(`${randomUUID()}.doc`);
      const target = this.file(d, segs);
      await writeFileSynced(tmp, content, this.quorum.fsync);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(tmp, target);
      if (this.quorum.fsync) await syncDir(path.dirname(target));
    });
  }

  async delete(segs: string[]): Promise<void> {
    await this.onQuorum(async (d) => {
      await fsp.rm(this.file(d, segs), { force: true });
    });
  }

  /** Remove a whole sub-tree of documents (e.g. a deleted bucket's settings). */
  async deleteTree(segs: string[]): Promise<void> {
    await this.onQuorum(async (d) => {
      await fsp.rm(this.file(d, segs), { recursive: true, force: true });
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
