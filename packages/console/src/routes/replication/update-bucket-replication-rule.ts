// SPDX-License-Identifier: Apache-2.0
import { apiPaths, replicationRuleParamsSchema, replicationRuleUpdateSchema } from '@stowage/contracts';
import { z } from 'zod';
import { ApiHttpError } from '../../errors/api-http-error.js';
import { bucketSettingErrorResponses } from '../buckets/bucket-route-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readRules, writeRules } from './replication-support.js';

/**
 * PUT /api/v1/buckets/{bucket}/replication/{rule} (the rule's edit form, as MinIO's console): priority,
 * status, prefix, tags, storage class and what is replicated; the rule keeps its ID and target. A
 * priority another rule has is refused (400), as the store would.
 */
export function registerUpdateBucketReplicationRule(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.bucketReplicationRule,
    {
      schema: {
        tags: ['replication'],
        summary: 'Change one replication rule of a bucket',
        params: replicationRuleParamsSchema,
        body: replicationRuleUpdateSchema,
        response: { 204: z.null(), ...bucketSettingErrorResponses },
      },
    },
    async (request, reply) => {
      const { bucket, rule } = request.params;
      const body = request.body;
      const rules = await readRules(request.session.s3, bucket);
      const current = rules.find((r) => r.id === rule);
      if (!current) {
        throw new ApiHttpError(
          404,
          'No such replication rule',
          `Bucket ${bucket} has no replication rule '${rule}'`,
        );
      }
      const clash = rules.find((r) => r.id !== rule && r.priority === body.priority);
      if (clash) {
        throw new ApiHttpError(
          400,
          'Priority already used',
          `Rule '${clash.id}' of bucket ${bucket} already has priority ${body.priority}`,
        );
      }
      const updated = {
        ...current,
        priority: body.priority,
        status: body.status,
        prefix: body.prefix.trim(),
        tags: body.tags.trim(),
        storageClass: body.storageClass.trim(),
        delete_marker_replication: body.replicateDeleteMarkers,
        deletes_replication: body.replicateDeletes,
        metadata_replication: body.replicateMetadata,
      };
      await writeRules(
        request.session.s3,
        bucket,
        rules.map((r) => (r.id === rule ? updated : r)),
      );
      return reply.status(204).send(null);
    },
  );
}
