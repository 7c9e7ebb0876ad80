// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import { S3Error } from '../../core/errors.js';
import type { S3Handler } from '../types.js';
import { replicationOf } from './bucket-replication-support.js';

/** Go durations as minio-go sends `older-than` (e.g. `72h0m0s`); '' = no limit. */
function parseDuration(text: string): number {
  if (text === '' || text === '0s') return 0;
  const re = /(\d+(?:\.\d+)?)(h|m|s|ms)/g;
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  let ms = 0;
  let matched = '';
  for (const m of text.matchAll(re)) {
    ms += Number(m[1]) * (unit[m[2] as string] ?? 0);
    matched += m[0];
  }
  if (matched !== text) throw new S3Error('InvalidArgument', `older-than '${text}' is not a duration`);
  return ms;
}

/**
 * MinIO's ResetBucketReplication (`PUT /<bucket>?replication-reset&arn=&older-than=&reset-id=`):
 * queues every existing version the target's rule covers (resync); without `arn`, for every target of
 * the bucket's rules. Answers minio-go's ResyncTargetsInfo.
 */
export const resetBucketReplication: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const repl = replicationOf(ctx);
  const config = await repl.config(req.bucket);
  if (!config)
    throw new S3Error('ReplicationConfigurationNotFoundError', undefined, { BucketName: req.bucket });
  const arn = req.query.get('arn') ?? '';
  const arns = arn !== '' ? [arn] : [...new Set(config.rules.map((r) => r.arn))];
  const olderThan = parseDuration(req.query.get('older-than') ?? '');
  const resetId = req.query.get('reset-id') || randomUUID();
  const start = new Date();
  for (const a of arns) {
    await repl.resync(req.bucket, a, resetId, olderThan > 0 ? new Date(Date.now() - olderThan) : undefined);
  }
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      target: arns.map((a) => ({
        arn: a,
        resetid: resetId,
        startTime: start.toISOString(),
        resyncStatus: 'Ongoing',
      })),
    }),
  };
};
