// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketInfo,
  bucketInfoSchema,
  setBucketPolicyRequestSchema,
} from '@stowage/contracts';
import { bucketAccessOf, privatePolicy, publicPolicy } from '../../bucket-policy/access-rules.js';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { bucketPolicyWriteSchema } from './bucket-policy-writes.js';
import { readBucketPolicy } from './bucket-route-support.js';

/**
 * PUT /api/v1/buckets/{bucket}/set-policy (PROTOCOL-NOTES §6, as MinIO's console did): PRIVATE writes an
 * empty statement list, PUBLIC a fresh anonymous readwrite policy for the whole bucket — both replace the
 * whole policy, dropping access rules — and CUSTOM writes the given document, which the store validates
 * (MalformedPolicy → 400). Answers with the bucket info as it now reads.
 */
export function registerSetBucketPolicy(app: ZodApp, _ctx: RouteContext): void {
  app.put(
    apiPaths.bucketSetPolicy,
    {
      schema: bucketPolicyWriteSchema(
        'Set the bucket access policy',
        setBucketPolicyRequestSchema,
        bucketInfoSchema,
      ),
    },
    async (request): Promise<BucketInfo> => {
      const { bucket } = request.params;
      const { access, definition } = request.body;
      let text: string;
      if (access === 'PRIVATE') text = JSON.stringify(privatePolicy());
      else if (access === 'PUBLIC') text = JSON.stringify(publicPolicy(bucket));
      else {
        text = (definition ?? '').trim();
        try {
          JSON.parse(text);
        } catch (err) {
          throw apiErrors.badRequest(`body.definition: not valid JSON (${(err as Error).message})`);
        }
      }
      await request.session.s3.setBucketPolicy(bucket, text);
      const stored = await readBucketPolicy(request.session.s3, bucket);
      return { name: bucket, access: bucketAccessOf(bucket, stored), definition: stored };
    },
  );
}
