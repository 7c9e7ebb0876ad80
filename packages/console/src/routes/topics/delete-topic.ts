// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ListTopicsResponse,
  listTopicsResponseSchema,
  topicParamsSchema,
} from '@stowage/contracts';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import { rgwCall, rgwErrorResponses } from '../rgw/rgw-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { topicsClient, userTopics } from './topic-support.js';

/**
 * DELETE /api/v1/topics/:name (RGW `DeleteTopic` by the topic's ARN). RGW answers a missing topic with
 * success, so the console looks it up first and says 404.
 */
export function registerDeleteTopic(app: ZodApp, ctx: RouteContext): void {
  app.delete(
    apiPaths.topic,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Delete a topic (Ceph RGW)',
        params: topicParamsSchema,
        body: z.unknown().optional(),
        response: { 200: listTopicsResponseSchema, ...rgwErrorResponses },
      },
    },
    async (request): Promise<ListTopicsResponse> => {
      const client = topicsClient(request, ctx);
      const { name } = request.params;
      const topic = userTopics(await rgwCall(() => client.listTopics())).find((t) => t.name === name);
      if (topic === undefined) throw apiErrors.notFound(`There is no topic ${name}.`);
      await rgwCall(() => client.deleteTopic(topic.arn));
      return { topics: userTopics(await rgwCall(() => client.listTopics())) };
    },
  );
}
