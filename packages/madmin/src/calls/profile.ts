// SPDX-License-Identifier: Apache-2.0
// Admin API: profiling (madmin-go profiling-commands.go).
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { MadminError } from '../errors.js';
import type { AdminTransport } from '../transport.js';

/** madmin-go's StartProfilingResult: whether one node started its profilers. */
export const startProfilingResultSchema = z.object({
  nodeName: z.string(),
  success: z.boolean(),
  error: z.string().default(''),
});
export type StartProfilingResult = z.infer<typeof startProfilingResultSchema>;

export interface ProfileOptions {
  /** Profiler types (MinIO's `cpu`, `mem`, …; the store also has `heap`, a heap snapshot). */
  types: readonly string[];
  /** How long to profile, in milliseconds. */
  durationMs: number;
}

function zipBody(res: Response, path: string): Readable {
  if (!res.body) {
    throw new MadminError({ code: 'XMinioAdminBadResponse', message: `${path}: empty answer`, status: 200 });
  }
  return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
}

/**
 * `POST /profile?profilerType=&duration=`: the server profiles itself for the duration and answers a zip
 * of the profiles (`profile-<node>-<type file>`). Aborting `signal` ends the profiling, data dropped.
 */
export async function profile(
  t: AdminTransport,
  opts: ProfileOptions,
  signal?: AbortSignal,
): Promise<Readable> {
  const query = {
    profilerType: opts.types.join(','),
    duration: `${Math.max(0, Math.round(opts.durationMs))}ms`,
  };
  const res = await t.send({ method: 'POST', path: '/profile', query, signal }, { timeout: false });
  return zipBody(res, '/profile');
}

/** `POST /profiling/start?profilerType=`: ends any profiling and starts these types, per node. */
export function startProfiling(t: AdminTransport, types: readonly string[]): Promise<StartProfilingResult[]> {
  return t.json(z.array(startProfilingResultSchema), {
    method: 'POST',
    path: '/profiling/start',
    query: { profilerType: types.join(',') },
  });
}

/** `GET /profiling/download`: ends the profiling started by {@link startProfiling}; the zip of its profiles. */
export async function downloadProfilingData(t: AdminTransport, signal?: AbortSignal): Promise<Readable> {
  const res = await t.send({ method: 'GET', path: '/profiling/download', signal }, { timeout: false });
  return zipBody(res, '/profiling/download');
}
