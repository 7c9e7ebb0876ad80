// SPDX-License-Identifier: Apache-2.0
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { ZipFile } from 'yazl';
import { parseGoDuration } from '../../config/duration.js';
import { S3Error } from '../../core/errors.js';
import type { HandlerResponse } from '../../core/request.js';
import { type ProfileRecord, processProfiler } from '../../perf/profiler.js';
import { serverEndpoint } from '../backend-info.js';
import type { AdminCall, AdminOperation } from '../call.js';

/** MinIO's longest profile is what the caller asks; this one stops at a day (setTimeout's own bound). */
const MAX_DURATION_MS = 24 * 60 * 60 * 1000;

function profilerTypes(call: AdminCall): string[] {
  const text = call.query.get('profilerType') ?? '';
  const types = text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (types.length === 0) throw new S3Error('XMinioAdminInvalidArgument', 'profilerType is required');
  return types;
}

/** The records as MinIO's zip: one `profile-<host>-<file>` per profile, mode 0600. */
async function zipAnswer(call: AdminCall, records: ProfileRecord[]): Promise<HandlerResponse> {
  const host = serverEndpoint(call.ctx);
  const zip = new ZipFile();
  for (const r of records) zip.addBuffer(r.data, `profile-${host}-${r.name}`, { mode: 0o100600 });
  zip.end();
  return {
    status: 200,
    headers: { 'content-type': 'application/zip' },
    body: await buffer(zip.outputStream),
  };
}

/**
 * Admin API: Profile — `POST /profile?profilerType=<t,t>&duration=<go duration>` (madmin-go Profile;
 * MinIO's ProfileHandler): ends any profiling in progress, starts the types asked for (`perf/profiler.ts`:
 * cpu, mem, heap; others are skipped as MinIO skips a profiler it cannot start), waits for the duration
 * (one minute when absent) and answers the zip of the profiles. A caller that goes away ends them, their
 * data dropped; when no profiler could start the answer is XMinioAdminProfilerNotEnabled.
 */
export const profile: AdminOperation = async (call) => {
  const types = profilerTypes(call);
  const durationText = call.query.get('duration') ?? '';
  const ns = durationText === '' ? 60e9 : parseGoDuration(durationText);
  if (ns === null || ns < 0) {
    throw new S3Error('InvalidRequest', `duration '${durationText}' is not a duration (e.g. 10s, 1m)`);
  }
  const started = await processProfiler.start(types);
  if (!started.some((s) => s.error === undefined)) throw new S3Error('XMinioAdminProfilerNotEnabled');
  try {
    await sleep(Math.min(ns / 1e6, MAX_DURATION_MS), undefined, { signal: call.req.signal });
  } catch {
    await processProfiler.discard();
    throw new S3Error('InvalidRequest', 'the caller went away');
  }
  const records = await processProfiler.collect();
  if (records.length === 0) throw new S3Error('XMinioAdminProfilerNotEnabled');
  return zipAnswer(call, records);
};

/**
 * Admin API: StartProfiling — `POST /profiling/start?profilerType=<t,t>` (madmin-go StartProfiling,
 * deprecated by MinIO for Profile but what a Start / Stop screen needs): ends any profiling in progress,
 * starts the types asked for and answers one StartProfilingResult per node (this one) — `success` when
 * every type started, else the reasons in `error`.
 */
export const startProfiling: AdminOperation = async (call) => {
  const outcomes = await processProfiler.start(profilerTypes(call));
  const errors = outcomes.filter((o) => o.error !== undefined).map((o) => o.error);
  return call.ok([
    {
      nodeName: serverEndpoint(call.ctx),
      success: errors.length === 0,
      error: errors.join('; '),
    },
  ]);
};

/**
 * Admin API: DownloadProfilingData — `GET /profiling/download` (madmin-go DownloadProfilingData): ends the
 * profiling in progress and answers the zip of its profiles; XMinioAdminProfilerNotEnabled when nothing
 * was profiled since the last download.
 */
export const downloadProfilingData: AdminOperation = async (call) => {
  const records = await processProfiler.collect();
  if (records.length === 0) throw new S3Error('XMinioAdminProfilerNotEnabled');
  return zipAnswer(call, records);
};
