// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListTopicsResponse, listTopicsResponseSchema } from '@stowage/contracts';
import { rgwCall, rgwErrorResponses } from '../rgw/rgw-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { topicsClient, userTopics } from './topic-support.js';

/** GET /api/v1/topics: the signed-in user's topics (RGW `ListTopics`). */
export function registerListTopics(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.topics,
    {
      schema: {
        tags: ['buckets'],
        summary: 'List the SNS-compatible topics bucket events can go to (Ceph RGW)',
        response: { 200: listTopicsResponseSchema, ...rgwErrorResponses },
      },
    },
    async (request): Promise<ListTopicsResponse> => {
      const client = topicsClient(request, ctx);
      return { topics: userTopics(await rgwCall(() => client.listTopics())) };
    },
  );
}
