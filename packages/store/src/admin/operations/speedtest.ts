// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { DriveSpeedTestResult, SpeedTestResult } from '@stowage/madmin';
import { parseGoDuration } from '../../config/duration.js';
import { S3Error } from '../../core/errors.js';
import { SYS_DIR } from '../../object-layer/drive.js';
import { driveSpeedtest as runDriveSpeedtest } from '../../perf/drive-speedtest.js';
import { ObjectSpeedtest, zeroStats } from '../../perf/object-speedtest.js';
import { s3SelfTarget } from '../../perf/s3-self-target.js';
import { STOWAGE_VERSION } from '../../version.js';
import { serverEndpoint } from '../backend-info.js';
import type { AdminCall, AdminOperation } from '../call.js';

/** MinIO writes the figures it has (or an empty value) this often while a test runs. */
const KEEP_ALIVE_MS = 500;
const MiB = 1024 * 1024;

function intParam(call: AdminCall, name: string, fallback: number): number {
  const text = call.query.get(name);
  if (text === null || text === '') return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0) {
    throw new S3Error('XMinioAdminInvalidArgument', `${name} '${text}' is not a positive whole number`);
  }
  return n;
}

/** A JSON-values stream that ends when the caller goes away or the store closes. */
function jsonStream(call: AdminCall): { out: PassThrough; signal: AbortSignal; send: (v: unknown) => void } {
  const abort = new AbortController();
  const stop = (): void => abort.abort();
  call.req.signal.addEventListener('abort', stop, { once: true });
  call.ctx.shutdown.addEventListener('abort', stop, { once: true });
  const out = new PassThrough();
  out.on('close', stop);
  const send = (v: unknown): void => {
    if (!out.writableEnded) out.write(`${JSON.stringify(v)}\n`);
  };
  return { out, signal: abort.signal, send };
}

/**
 * Admin API: Speedtest — `POST /speedtest?size=&duration=&concurrent=[&autotune=true][&bucket=]
 * [&noclear=true]` (madmin-go Speedtest; MinIO's ObjectSpeedTestHandler): PUT then GET throughput of the
 * object layer. A stream of SpeedTestResult values: every 500 ms the figures of the step running (empty
 * ones before the first PUT completes), each step's result, and with autotune the best step's last. The
 * objects are written and read through the store's own S3 endpoint, as MinIO's speedtest does (so the
 * figures include HTTP and signing, as a client's would: perf/s3-self-target.ts). The test writes under `speedtest/` of a bucket of its own (created and removed) or of `bucket`, and deletes
 * every object it wrote. Defaults as MinIO: 64 MiB, 32 concurrent, 10 s.
 */
export const speedtest: AdminOperation = async (call) => {
  const size = intParam(call, 'size', 64 * MiB);
  const concurrency = intParam(call, 'concurrent', 32);
  const durationText = call.query.get('duration') || '10s';
  const durationNs = parseGoDuration(durationText);
  if (durationNs === null || durationNs < 1e9) {
    throw new S3Error('XMinioAdminInvalidArgument', `duration '${durationText}' is not at least one second`);
  }
  const ctx = call.ctx;
  const info = await ctx.layer.storageInfo();
  const online = info.drives.filter((d) => d.state === 'ok');
  const usable =
    online.reduce((s, d) => s + d.availSpace, 0) * (info.dataShards / Math.max(1, online.length));
  if (usable < concurrency * size) {
    throw new S3Error(
      'XMinioSpeedtestInsufficientCapacity',
      `not enough usable space available to perform speedtest - expected ${concurrency * size} bytes, got ${Math.floor(usable)}`,
    );
  }
  const canGrow = usable >= (concurrency + Math.floor((concurrency + 1) / 2)) * size;
  const autotune = call.query.get('autotune') === 'true' && canGrow;
  const custom = (call.query.get('bucket') ?? '').trim();
  const bucket = custom || `stowage-perf-test-${randomBytes(4).toString('hex')}`;
  if (custom) await ctx.layer.getBucketInfo(custom);
  else await ctx.layer.makeBucket(bucket);

  const target = s3SelfTarget(
    {
      url: ctx.url,
      accessKey: ctx.options.rootUser,
      secretKey: ctx.options.rootPassword,
      region: ctx.region,
    },
    bucket,
  );
  const test = new ObjectSpeedtest(target, {
    size,
    concurrency,
    durationMs: durationNs / 1e6,
    autotune,
    drives: info.drives.length,
    endpoint: serverEndpoint(ctx),
    version: STOWAGE_VERSION,
  });
  const { out, signal, send } = jsonStream(call);
  let last: SpeedTestResult | null = null;
  const empty = { version: '', servers: 0, disks: 0, size: 0, concurrent: 0 };
  const keepAlive = setInterval(() => {
    send(test.snapshot() ?? last ?? { ...empty, PUTStats: zeroStats(), GETStats: zeroStats() });
  }, KEEP_ALIVE_MS);
  void (async () => {
    try {
      for await (const result of test.run(signal)) {
        last = result;
        send(result);
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const failed = { endpoint: serverEndpoint(ctx), throughputPerSec: 0, objectsPerSec: 0, err: message };
      const stats = { throughputPerSec: 0, objectsPerSec: 0, servers: [failed] };
      send({
        ...empty,
        version: STOWAGE_VERSION,
        size,
        concurrent: concurrency,
        PUTStats: stats,
        GETStats: stats,
      });
    } finally {
      clearInterval(keepAlive);
      await target.close().catch(() => {});
      if (!custom) await ctx.layer.deleteBucket(bucket, { force: true }).catch(() => {});
      if (!out.writableEnded) out.end();
    }
  })();
  return { status: 200, headers: { 'content-type': 'application/json' }, body: out };
};

/**
 * Admin API: DriveSpeedtest — `POST /speedtest/drive?serial=&blocksize=&filesize=` (madmin-go
 * DriveSpeedtest; MinIO's DriveSpeedtestHandler): each drive written and read back sequentially; empty
 * values every 500 ms until the one result of this server. Defaults as MinIO: 4 MiB blocks, 1 GiB.
 */
export const driveSpeedtest: AdminOperation = async (call) => {
  const blockSize = intParam(call, 'blocksize', 4 * MiB);
  const fileSize = intParam(call, 'filesize', 1024 * MiB);
  const serial = call.query.get('serial') === 'true';
  const ctx = call.ctx;
  const drives = (await ctx.layer.storageInfo()).drives.map((d) => ({
    path: d.path,
    scratchDir: path.join(d.path, SYS_DIR, 'tmp'),
  }));
  const { out, signal, send } = jsonStream(call);
  const keepAlive = setInterval(() => send({ version: '', endpoint: '' }), KEEP_ALIVE_MS);
  void (async () => {
    const result: DriveSpeedTestResult = { version: STOWAGE_VERSION, endpoint: serverEndpoint(ctx) };
    try {
      result.drivePerf = await runDriveSpeedtest(drives, { serial, blockSize, fileSize }, signal);
    } catch (err) {
      result.string = err instanceof Error ? err.message : String(err);
    } finally {
      clearInterval(keepAlive);
      send(result);
      if (!out.writableEnded) out.end();
    }
  })();
  return { status: 200, headers: { 'content-type': 'application/json' }, body: out };
};
