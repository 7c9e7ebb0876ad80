// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  apiPaths,
  multiBucketReplicationRequestSchema,
  type ReplicationResult,
  replicationResultSchema,
} from '@stowage/contracts';
import type { MadminClient } from '@stowage/madmin';
import type * as Minio from 'minio';
import type { z } from 'zod';
import { hasErrorCode } from '../buckets/bucket-route-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { endpointOf, readRules, remoteAddress, remoteClient, writeRules } from './replication-support.js';

type Request = z.output<typeof multiBucketReplicationRequestSchema>;

/** The destination bucket exists with versioning (created when missing, as the wizard promises). */
async function prepareDestination(remote: Minio.Client, bucket: string, region: string): Promise<void> {
  if (!(await remote.bucketExists(bucket))) await remote.makeBucket(bucket, region || 'us-east-1');
  await remote.setBucketVersioning(bucket, { Status: 'Enabled' });
}

/** The remote target of origin → destination: added, or the one already there. */
async function targetArn(
  admin: MadminClient,
  origin: string,
  destination: string,
  b: Request,
): Promise<string> {
  const address = remoteAddress(b.targetURL, b.useTLS);
  const endpoint = endpointOf(address);
  try {
    return await admin.setRemoteTarget(origin, {
      sourcebucket: origin,
      endpoint,
      credentials: { accessKey: b.accessKey, secretKey: b.secretKey },
      targetbucket: destination,
      secure: address.useSSL,
      type: 'replication',
      ...(b.region ? { omitempty: b.region } : {}),
      bandwidthlimit: b.bandwidth,
      replicationSync: b.syncMode === 'sync',
      healthCheckDuration: b.healthCheckPeriod * 1e9,
      disableProxy: false,
    });
  } catch (err) {
    if (!hasErrorCode(err, 'XMinioAdminBucketRemoteAlreadyExists')) throw err;
    const existing = (await admin.listRemoteTargets(origin, 'replication')).find(
      (t) => t.endpoint === endpoint && t.targetbucket === destination,
    );
    if (!existing?.arn) throw err;
    return existing.arn;
  }
}

/**
 * POST /api/v1/buckets-replication (spec 1 §7, §4 "Replication wizard"): for each origin → destination
 * pair, the destination bucket is made ready (created with versioning when missing), a remote target is
 * added on the origin (admin set-remote-target) and a rule naming it is added to the origin's replication
 * configuration. Each pair's failure is reported in its `errorString`; the others go ahead.
 */
export function registerSetBucketsReplication(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.bucketsReplication,
    {
      schema: {
        tags: ['replication'],
        summary: 'Replicate buckets to a remote server',
        body: multiBucketReplicationRequestSchema,
        response: { 200: replicationResultSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<ReplicationResult> => {
      const b = request.body;
      const remote = remoteClient(remoteAddress(b.targetURL, b.useTLS), b);
      const replicationState: ReplicationResult['replicationState'] = [];
      for (const { originBucket, destinationBucket } of b.bucketsRelation) {
        try {
          await prepareDestination(remote, destinationBucket, b.region);
          const arn = await targetArn(request.session.admin, originBucket, destinationBucket, b);
          const rules = await readRules(request.session.s3, originBucket);
          const priority = b.priority > 0 ? b.priority : Math.max(0, ...rules.map((r) => r.priority)) + 1;
          rules.push({
            id: randomUUID(),
            priority,
            status: 'Enabled',
            destination: { bucket: arn },
            prefix: b.prefix,
            tags: b.tags,
            delete_marker_replication: b.replicateDeleteMarkers,
            deletes_replication: b.replicateDeletes,
            storageClass: b.storageClass,
          });
          await writeRules(request.session.s3, originBucket, rules);
          replicationState.push({ originBucket, targetBucket: destinationBucket, errorString: '' });
        } catch (err) {
          const message = (err as Error).message || String(err);
          replicationState.push({ originBucket, targetBucket: destinationBucket, errorString: message });
        }
      }
      return { replicationState };
    },
  );
}
