// SPDX-License-Identifier: Apache-2.0
import { apiPaths, replicationRuleParamsSchema } from '@stowage/contracts';
import { z } from 'zod';
import { ApiHttpError } from '../../errors/api-http-error.js';
import { bucketSettingErrorResponses } from '../buckets/bucket-route-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readRules, writeRules } from './replication-support.js';

/**
 * DELETE /api/v1/buckets/{bucket}/replication/{rule} (spec 1 §7). The last rule goes with the whole
 * configuration; its remote target stays (another rule or a later one may use it).
 */
export function registerDeleteBucketReplicationRule(app: ZodApp, _ctx: RouteContext): void {
  app.delete(
    apiPaths.bucketReplicationRule,
    {
      schema: {
        tags: ['replication'],
        summary: 'Delete one replication rule of a bucket',
        params: replicationRuleParamsSchema,
        response: { 204: z.null(), ...bucketSettingErrorResponses },
      },
    },
    async (request, reply) => {
      const { bucket, rule } = request.params;
      const rules = await readRules(request.session.s3, bucket);
      if (!rules.some((r) => r.id === rule)) {
        throw new ApiHttpError(
          404,
          'No such replication rule',
          `Bucket ${bucket} has no replication rule '${rule}'`,
        );
      }
      await writeRules(
        request.session.s3,
        bucket,
        rules.filter((r) => r.id !== rule),
      );
      return reply.status(204).send(null);
    },
  );
}
