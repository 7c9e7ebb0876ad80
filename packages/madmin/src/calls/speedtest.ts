// SPDX-License-Identifier: Apache-2.0
// Admin API: object and drive speedtests (madmin-go perf-object.go, perf-drive.go).
import { MadminError } from '../errors.js';
import type { AdminTransport } from '../transport.js';
import {
  type DriveSpeedTestOpts,
  type DriveSpeedTestResult,
  driveSpeedTestResultSchema,
  type SpeedTestResult,
  type SpeedtestOpts,
  speedTestResultSchema,
} from '../types/speedtest.js';
import { goDuration } from './trace.js';

/**
 * `POST /speedtest?size=&duration=&concurrent=[&autotune=true][&bucket=]`: PUT then GET throughput, as
 * an async iterator of results (each autotune step's, or progress figures of the step running); the
 * last one is the result. Keep-alive values (no version yet) are left out.
 */
export async function* speedtest(
  t: AdminTransport,
  opts: SpeedtestOpts,
  signal?: AbortSignal,
): AsyncGenerator<SpeedTestResult, void, undefined> {
  if (!opts.autotune) {
    if (opts.durationMs <= 1000) throw new TypeError('duration must be greater than a second');
    if (opts.size <= 0) throw new TypeError('size must be greater than 0 bytes');
    if (opts.concurrency <= 0) throw new TypeError('concurrency must be greater than 0');
  }
  const query: Record<string, string> = {};
  if (opts.size > 0) query.size = String(opts.size);
  if (opts.durationMs > 0) query.duration = goDuration(opts.durationMs);
  if (opts.concurrency > 0) query.concurrent = String(opts.concurrency);
  if (opts.bucket) query.bucket = opts.bucket;
  if (opts.autotune) query.autotune = 'true';
  for await (const result of t.stream(speedTestResultSchema, {
    method: 'POST',
    path: '/speedtest',
    query,
    signal,
  })) {
    if (result.version !== '') yield result;
  }
}

/**
 * `POST /speedtest/drive?serial=&blocksize=&filesize=`: each server's drives, written and read back
 * sequentially. Yields each server's result; one carrying an error ends the iteration with it.
 */
export async function* driveSpeedtest(
  t: AdminTransport,
  opts: DriveSpeedTestOpts,
  signal?: AbortSignal,
): AsyncGenerator<DriveSpeedTestResult, void, undefined> {
  const query: Record<string, string> = {
    blocksize: String(opts.blockSize),
    filesize: String(opts.fileSize),
  };
  if (opts.serial) query.serial = 'true';
  for await (const result of t.stream(driveSpeedTestResultSchema, {
    method: 'POST',
    path: '/speedtest/drive',
    query,
    signal,
  })) {
    if (result.string) {
      throw new MadminError({ code: 'XMinioDriveSpeedtestError', message: result.string, status: 200 });
    }
    if (result.endpoint !== '') yield result;
  }
}
