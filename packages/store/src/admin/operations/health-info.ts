// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { parseGoDuration } from '../../config/duration.js';
import { S3Error } from '../../core/errors.js';
import { HEALTH_PARTS, type HealthPart, healthReport } from '../../health/health-info.js';
import { SYS_DIR } from '../../object-layer/drive.js';
import { serverEndpoint } from '../backend-info.js';
import type { AdminOperation } from '../call.js';
import { serverInfoMessage } from './server-info.js';

/** Keep-alive spaces between snapshots (MinIO sends one every few seconds while it gathers). */
const KEEP_ALIVE_MS = 1000;
/**
 * madmin-go's ServerHealthInfo reads the first value (the version) with a JSON decoder of its own that
 * its caller's decoder does not share, so the first value must arrive alone: the report starts with the
 * bare version, and gathering begins this long after it.
 */
const FIRST_VALUE_ALONE_MS = 300;
/** The deadline when none is given (madmin's default is one hour; the store needs seconds). */
const DEFAULT_DEADLINE = '1h';

/**
 * Admin API: HealthInfo — `GET /healthinfo?deadline=<go duration>&<type>=true|false` (madmin-go
 * ServerHealthInfo): a stream of ever more complete health reports (version 3), one JSON value after
 * each part gathered, single spaces in between, the last one the report. Types this store does not
 * gather (docker, net, process, services, errors, sysconfig, sysload) are left out.
 */
export const healthInfo: AdminOperation = async (call) => {
  const deadlineText = call.query.get('deadline') || DEFAULT_DEADLINE;
  const deadlineNs = parseGoDuration(deadlineText);
  if (deadlineNs === null || deadlineNs <= 0) {
    throw new S3Error('XMinioAdminInvalidArgument', `deadline '${deadlineText}' is not a positive duration`);
  }
  const parts: HealthPart[] = HEALTH_PARTS.filter((p) => call.query.get(p) === 'true');
  const ctx = call.ctx;
  const abort = new AbortController();
  const stopOn = (s: AbortSignal): void => s.addEventListener('abort', () => abort.abort(), { once: true });
  stopOn(call.req.signal);
  stopOn(ctx.shutdown);
  const reports = healthReport(
    {
      addr: serverEndpoint(ctx),
      config: ctx.config,
      storageInfo: () => ctx.layer.storageInfo(),
      serverInfo: () => serverInfoMessage(ctx),
      scratchDir: (drive) => path.join(drive, SYS_DIR, 'tmp'),
    },
    parts,
    Date.now() + deadlineNs / 1e6,
    abort.signal,
  );
  const out = new PassThrough();
  const keepAlive = setInterval(() => out.write(' '), KEEP_ALIVE_MS);
  out.on('close', () => {
    clearInterval(keepAlive);
    abort.abort();
  });
  out.write(`${JSON.stringify({ version: '3', timestamp: new Date().toISOString() })}\n`);
  void (async () => {
    try {
      await new Promise((resolve) => setTimeout(resolve, FIRST_VALUE_ALONE_MS));
      for await (const report of reports) {
        if (out.writableEnded) break;
        out.write(`${JSON.stringify(report)}\n`);
      }
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (!out.writableEnded) out.write(`${JSON.stringify({ version: '3', error })}\n`);
    } finally {
      clearInterval(keepAlive);
      if (!out.writableEnded) out.end();
    }
  })();
  return { status: 200, headers: { 'content-type': 'application/json' }, body: out };
};
