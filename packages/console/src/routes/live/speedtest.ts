// SPDX-License-Identifier: Apache-2.0
import {
  type SpeedtestMessage,
  type SpeedtestPhase,
  speedtestQuerySchema,
  wsPaths,
} from '@stowage/contracts';
import type { DriveSpeedTestResult, MadminClient, SpeedTestResult, SpeedTestStats } from '@stowage/madmin';
import type { RouteContext, ZodApp } from '../route-context.js';
import { relayToSocket } from './relay.js';

/** Bytes each drive writes and reads back in the drive test the page runs (MinIO's default is 1 GiB). */
export const DRIVE_FILE_SIZE = 64 * 1024 * 1024;
const DRIVE_BLOCK_SIZE = 4 * 1024 * 1024;

function phase(stats: SpeedTestStats): SpeedtestPhase {
  return {
    throughputPerSec: stats.throughputPerSec,
    objectsPerSec: stats.objectsPerSec,
    ...(stats.responseTime?.p50 !== undefined ? { latencyP50Ns: stats.responseTime.p50 } : {}),
    ...(stats.responseTime?.p99 !== undefined ? { latencyP99Ns: stats.responseTime.p99 } : {}),
    ...(stats.ttfb?.p50 !== undefined ? { ttfbP50Ns: stats.ttfb.p50 } : {}),
    servers: stats.servers ?? [],
  };
}

/** A speedtest result of the server as the page's message. */
export function objectMessage(r: SpeedTestResult): SpeedtestMessage {
  return {
    type: 'object',
    size: r.size,
    concurrent: r.concurrent,
    servers: r.servers,
    disks: r.disks,
    put: phase(r.PUTStats),
    get: phase(r.GETStats),
  };
}

/** A server's drive test result as the page's message. */
export function driveMessage(r: DriveSpeedTestResult): SpeedtestMessage {
  return {
    type: 'drive',
    endpoint: r.endpoint,
    drives: (r.drivePerf ?? []).map((d) => ({
      path: d.path,
      writeThroughput: d.writeThroughput,
      readThroughput: d.readThroughput,
      ...(d.error ? { error: d.error } : {}),
    })),
  };
}

async function* speedtests(
  admin: MadminClient,
  q: { size: number; duration: number; concurrent: number; autotune: boolean; drive: boolean },
  signal: AbortSignal,
): AsyncGenerator<SpeedtestMessage, void, undefined> {
  const opts = {
    size: q.size,
    concurrency: q.concurrent,
    durationMs: q.duration * 1000,
    autotune: q.autotune,
  };
  for await (const r of admin.speedtest(opts, signal)) yield objectMessage(r);
  if (!q.drive || signal.aborted) return;
  for await (const r of admin.driveSpeedtest(
    { blockSize: DRIVE_BLOCK_SIZE, fileSize: DRIVE_FILE_SIZE },
    signal,
  )) {
    yield driveMessage(r);
  }
}

/**
 * `GET /ws/speedtest?size=&duration=&concurrent=&autotune=&drive=` (Tools → Performance): the server's
 * object speedtest with the user's own credentials (admin:OBDInfo), its figures as they come, then (with
 * `drive`) the drive test; the socket closes with 1000 when both are done, with 1011 and the reason when
 * the server refuses or fails. Closing the socket stops the test (the server then deletes its data).
 */
export function registerSpeedtest(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    wsPaths.speedtest,
    { websocket: true, schema: { hide: true, querystring: speedtestQuerySchema } },
    (socket, request) => {
      const q = request.query;
      relayToSocket(
        socket,
        (signal) =>
          speedtests(
            request.session.admin,
            {
              size: q.size,
              duration: q.duration,
              concurrent: q.concurrent,
              autotune: q.autotune === 'true',
              drive: q.drive === 'true',
            },
            signal,
          ),
        (m) => m,
        'The speedtest is complete.',
      );
    },
  );
}
