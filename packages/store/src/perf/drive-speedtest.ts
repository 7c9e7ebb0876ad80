// SPDX-License-Identifier: Apache-2.0
/**
 * The drive speedtest (MinIO's `speedtest/drive`): on each drive, a file of `fileSize` bytes written
 * sequentially in blocks of `blockSize` and made durable (fsync), then read back; the figures are bytes
 * per second of each pass. Drives run in parallel unless `serial`. The file lives in the drive's scratch
 * folder and is removed afterwards, also when the test fails or is cancelled. Reads may be served by the
 * operating system's page cache (Node has no O_DIRECT), so the read figure is an upper bound.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { DrivePerf } from '@stowage/madmin';

export interface DriveSpeedtestOptions {
  serial: boolean;
  blockSize: number;
  fileSize: number;
}

function perSecond(bytes: number, startNs: bigint): number {
  const secs = Number(process.hrtime.bigint() - startNs) / 1e9;
  return secs > 0 ? Math.floor(bytes / secs) : 0;
}

async function testDrive(
  drive: string,
  scratchDir: string,
  opts: DriveSpeedtestOptions,
  signal: AbortSignal,
): Promise<DrivePerf> {
  const file = path.join(scratchDir, `speedtest-${randomUUID()}`);
  const block = randomBytes(opts.blockSize);
  try {
    await mkdir(scratchDir, { recursive: true });
    let start = process.hrtime.bigint();
    const out = await open(file, 'w');
    let written = 0;
    try {
      while (written < opts.fileSize && !signal.aborted) {
        const n = Math.min(block.length, opts.fileSize - written);
        await out.write(block, 0, n);
        written += n;
      }
      await out.sync();
    } finally {
      await out.close();
    }
    const writeThroughput = perSecond(written, start);
    start = process.hrtime.bigint();
    const input = await open(file, 'r');
    let read = 0;
    try {
      const buf = Buffer.allocUnsafe(opts.blockSize);
      for (;;) {
        if (signal.aborted) break;
        const { bytesRead } = await input.read(buf, 0, buf.length, null);
        if (bytesRead === 0) break;
        read += bytesRead;
      }
    } finally {
      await input.close();
    }
    return { path: drive, writeThroughput, readThroughput: perSecond(read, start) };
  } catch (err) {
    return {
      path: drive,
      writeThroughput: 0,
      readThroughput: 0,
      error: err instanceof Error ? err.message : String(err),
    };
  } finally {
    await rm(file, { force: true });
  }
}

/** Each drive's figures, in the drives' order. */
export async function driveSpeedtest(
  drives: readonly { path: string; scratchDir: string }[],
  opts: DriveSpeedtestOptions,
  signal: AbortSignal,
): Promise<DrivePerf[]> {
  if (!opts.serial) return Promise.all(drives.map((d) => testDrive(d.path, d.scratchDir, opts, signal)));
  const out: DrivePerf[] = [];
  for (const d of drives) out.push(await testDrive(d.path, d.scratchDir, opts, signal));
  return out;
}
