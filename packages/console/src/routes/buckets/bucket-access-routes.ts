// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketOwnershipControls,
  type BucketPublicAccessBlock,
  bucketOwnershipControlsSchema,
  bucketPublicAccessBlockSchema,
  bucketRouteParamsSchema,
  type Capability,
  ownershipControlsSchema,
  publicAccessBlockSchema,
} from '@stowage/contracts';
import type * as Minio from 'minio';
import type { z } from 'zod';
import { requireCapability } from '../../capabilities/require.js';
import { configErrorResponses } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import {
  ownershipXml,
  parseOwnershipXml,
  parsePublicAccessBlockXml,
  publicAccessBlockXml,
} from './bucket-access-xml.js';
import { deleteSubresource, putSubresourceXml, readSubresourceXml } from './bucket-subresource.js';

/** One access setting of a bucket kept as an S3 sub-resource, and its REST shape. */
interface AccessSetting<Body extends z.ZodType, Reply extends z.ZodType> {
  path: string;
  capability: Capability;
  /** How the route summaries name it. */
  noun: string;
  /** The S3 sub-resource. */
  query: string;
  /** The S3 error code that means the bucket has none. */
  noneCode: string;
  body: Body;
  reply: Reply;
  /** The answer for a bucket that has none. */
  none: z.infer<Reply>;
  parse: (xml: string) => z.infer<Reply>;
  xml: (body: z.infer<Body>) => string;
}

/**
 * GET, PUT and DELETE of an access setting (issue 36), each refused with 501 and the reason when the
 * sign-in probe found the server without it. PUT and DELETE answer the setting as read back.
 */
function registerAccessSetting<Body extends z.ZodType, Reply extends z.ZodType>(
  app: ZodApp,
  ctx: RouteContext,
  setting: AccessSetting<Body, Reply>,
): void {
  const read = async (s3: Minio.Client, bucket: string): Promise<z.infer<Reply>> => {
    const xml = await readSubresourceXml(s3, bucket, setting.query, setting.noneCode);
    return xml === null ? setting.none : setting.parse(xml);
  };
  // Widened: Fastify's reply typing cannot resolve a generic schema (the answers are parsed by it anyway).
  const reply: z.ZodType = setting.reply;
  const body: z.ZodType = setting.body;
  const schema = (summary: string) => ({
    tags: ['buckets'],
    summary,
    params: bucketRouteParamsSchema,
    response: { 200: reply, ...configErrorResponses },
  });
  app.get(setting.path, { schema: schema(`A bucket's ${setting.noun}`) }, async (request) => {
    requireCapability(request.session, ctx.endpoint, setting.capability);
    return read(request.session.s3, request.params.bucket);
  });
  app.put(
    setting.path,
    { schema: { ...schema(`Set a bucket's ${setting.noun}`), body } },
    async (request) => {
      requireCapability(request.session, ctx.endpoint, setting.capability);
      const { s3 } = request.session;
      const { bucket } = request.params;
      await putSubresourceXml(s3, bucket, setting.query, setting.xml(request.body as z.infer<Body>));
      return read(s3, bucket);
    },
  );
  app.delete(setting.path, { schema: schema(`Remove a bucket's ${setting.noun}`) }, async (request) => {
    requireCapability(request.session, ctx.endpoint, setting.capability);
    const { s3 } = request.session;
    const { bucket } = request.params;
    await deleteSubresource(s3, bucket, setting.query);
    return read(s3, bucket);
  });
}

const noBlock: BucketPublicAccessBlock = {
  configured: false,
  blockPublicAcls: false,
  ignorePublicAcls: false,
  blockPublicPolicy: false,
  restrictPublicBuckets: false,
};
const noOwnership: BucketOwnershipControls = { configured: false, objectOwnership: null };

/**
 * `/api/v1/buckets/{bucket}/public-access-block` (S3 API: Get/Put/DeletePublicAccessBlock) and
 * `/api/v1/buckets/{bucket}/ownership-controls` (Get/Put/DeleteBucketOwnershipControls). The server's
 * refusals pass on as its error codes map (a policy write refused by the block is the store's AccessDenied).
 */
export function registerBucketAccessRoutes(app: ZodApp, ctx: RouteContext): void {
  registerAccessSetting(app, ctx, {
    path: apiPaths.bucketPublicAccessBlock,
    capability: 'public-access-block',
    noun: 'public access block',
    query: 'publicAccessBlock',
    noneCode: 'NoSuchPublicAccessBlockConfiguration',
    body: publicAccessBlockSchema,
    reply: bucketPublicAccessBlockSchema,
    none: noBlock,
    parse: parsePublicAccessBlockXml,
    xml: publicAccessBlockXml,
  });
  registerAccessSetting(app, ctx, {
    path: apiPaths.bucketOwnershipControls,
    capability: 'ownership-controls',
    noun: 'Object Ownership',
    query: 'ownershipControls',
    noneCode: 'OwnershipControlsNotFoundError',
    body: ownershipControlsSchema,
    reply: bucketOwnershipControlsSchema,
    none: noOwnership,
    parse: parseOwnershipXml,
    xml: (body) => ownershipXml(body.objectOwnership),
  });
}
