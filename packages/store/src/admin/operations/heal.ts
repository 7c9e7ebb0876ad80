// SPDX-License-Identifier: Apache-2.0
import type { HealOpts } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import { healSequencesOf } from '../../heal/sequences.js';
import type { AdminOperation } from '../call.js';

/** `/heal/<bucket>/<prefix>` as bucket and prefix (the prefix keeps its slashes). */
function healPath(fullPath: string): { bucket: string; prefix: string } {
  const rest = fullPath.replace(/^.*?\/heal(\/+|$)/, '');
  const slash = rest.indexOf('/');
  if (slash < 0) return { bucket: decodeURIComponent(rest), prefix: '' };
  return {
    bucket: decodeURIComponent(rest.slice(0, slash)),
    prefix: decodeURIComponent(rest.slice(slash + 1)),
  };
}

function healOpts(body: Partial<HealOpts>): Partial<HealOpts> {
  const flag = (v: unknown, name: string): boolean | undefined => {
    if (v === undefined || typeof v === 'boolean') return v;
    throw new S3Error('XMinioAdminInvalidArgument', `heal option '${name}' must be true or false`);
  };
  const scanMode = body.scanMode;
  if (scanMode !== undefined && scanMode !== 0 && scanMode !== 1 && scanMode !== 2) {
    throw new S3Error('XMinioAdminInvalidArgument', 'heal option scanMode must be 1 (normal) or 2 (deep)');
  }
  const out: Partial<HealOpts> = {};
  for (const name of ['recursive', 'dryRun', 'remove'] as const) {
    const v = flag(body[name], name);
    if (v !== undefined) out[name] = v;
  }
  if (scanMode !== undefined) out.scanMode = scanMode === 0 ? 1 : scanMode;
  return out;
}

/**
 * Admin API: Heal — `POST /heal/[<bucket>[/<prefix>]]` (madmin-go heal-commands.go). With a JSON
 * `HealOpts` body it starts a heal sequence and answers `{clientToken, clientAddress, startTime}`;
 * `?clientToken=` with an empty body answers the sequence's status and the items healed since the last
 * poll; `forceStart=true` replaces a running sequence on an overlapping path (otherwise
 * XMinioHealAlreadyRunning), `forceStop=true` stops the one on this path (XMinioHealNoSuchProcess when
 * there is none).
 */
export const heal: AdminOperation = async (call) => {
  const path = healPath(call.req.path);
  if (path.prefix && !path.bucket) throw new S3Error('XMinioHealMissingBucket');
  const forceStart = call.query.get('forceStart') === 'true';
  const forceStop = call.query.get('forceStop') === 'true';
  if (forceStart && forceStop) {
    throw new S3Error('XMinioAdminInvalidArgument', 'forceStart and forceStop cannot both be set');
  }
  const sequences = healSequencesOf(call.ctx.layer, call.ctx.shutdown);
  const token = call.query.get('clientToken') ?? '';
  if (token) return call.ok(sequences.status(path, token));
  if (forceStop) return call.ok(sequences.stop(path));
  if (path.bucket) await call.ctx.layer.getBucketInfo(path.bucket);
  const opts = healOpts(call.req.body.length > 0 ? call.json<HealOpts>() : {});
  return call.ok(sequences.start(path, opts, call.req.sourceIp, forceStart));
};
