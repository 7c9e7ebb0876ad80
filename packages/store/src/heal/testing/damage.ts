// SPDX-License-Identifier: Apache-2.0
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SYS_DIR } from '../../object-layer/drive.js';
import { deleteAllRows } from '../../object-layer/test-support/catalog-rows.js';

/**
 * Test-only: damage to heal, and reading a bucket's files back from the drives (`<dataDir>/driveN`).
 */

/** Every file of the bucket on one drive (1-based), relative to the bucket folder, with its bytes. */
export async function bucketFilesOnDrive(
  dataDir: string,
  drive: number,
  bucket: string,
): Promise<Map<string, Buffer>> {
  const root = path.join(dataDir, `drive${drive}`, bucket);
  const out = new Map<string, Buffer>();
  for (const e of await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (e.isFile()) {
      const file = path.join(e.parentPath, e.name);
      out.set(path.relative(root, file), await readFile(file));
    }
  }
  return out;
}

export const isShardFile = (file: string): boolean => /part\.\d+$/.test(file);

/**
 * Empties a drive folder of everything it holds but the drive's own system folder (whose format file,
 * when gone, makes the store re-format the drive and heal it by itself) — its objects' shard folders and
 * its catalog's rows (their metadata) — so only an explicit heal brings the data back. With
 * `keepFormat: false` the system folder goes too: a replaced drive.
 */
export async function emptyDrive(
  dataDir: string,
  drive: number,
  opts: { keepFormat?: boolean } = {},
): Promise<void> {
  const root = path.join(dataDir, `drive${drive}`);
  for (const entry of await readdir(root)) {
    if (entry !== SYS_DIR || opts.keepFormat === false)
      await rm(path.join(root, entry), { recursive: true, force: true });
  }
  if (opts.keepFormat !== false) deleteAllRows(root);
}

/** Flips one byte (at offset 200) in each shard file of the bucket on a drive; returns the files. */
export async function flipShardBytes(dataDir: string, drive: number, bucket: string): Promise<string[]> {
  const files = [...(await bucketFilesOnDrive(dataDir, drive, bucket)).keys()].filter(isShardFile);
  for (const f of files) {
    const file = path.join(dataDir, `drive${drive}`, bucket, f);
    const bytes = await readFile(file);
    bytes[200] = (bytes[200] as number) ^ 0xff;
    await writeFile(file, bytes);
  }
  return files;
}

/**
 * The store's own documents on one drive (1-based): every file under `.stowage.sys/config` and
 * `.stowage.sys/buckets`, keyed by its path there (`config/…`, `buckets/<bucket>/…`), with its bytes.
 */
export async function sysDocsOnDrive(dataDir: string, drive: number): Promise<Map<string, Buffer>> {
  const root = path.join(dataDir, `drive${drive}`, SYS_DIR);
  const out = new Map<string, Buffer>();
  for (const base of ['config', 'buckets']) {
    for (const e of await readdir(path.join(root, base), { recursive: true, withFileTypes: true }).catch(
      () => [],
    )) {
      if (!e.isFile()) continue;
      const file = path.join(e.parentPath, e.name);
      out.set(path.relative(root, file).split(path.sep).join('/'), await readFile(file));
    }
  }
  return out;
}

/** Removes one drive's (1-based) copy of a document or folder of documents (`config/…`, `buckets/<bucket>`). */
export async function removeSysDoc(dataDir: string, drive: number, doc: string): Promise<void> {
  await rm(path.join(dataDir, `drive${drive}`, SYS_DIR, ...doc.split('/')), { recursive: true, force: true });
}

/** Flips the last byte of one drive's copy of a document (its payload: only a deep scan sees it). */
export async function flipSysDocByte(dataDir: string, drive: number, doc: string): Promise<void> {
  const file = path.join(dataDir, `drive${drive}`, SYS_DIR, ...doc.split('/'));
  const bytes = await readFile(file);
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 0xff;
  await writeFile(file, bytes);
}
