// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  createTopicRequestSchema,
  type ListTopicsResponse,
  listTopicsResponseSchema,
} from '@stowage/contracts';
import { rgwCall, rgwErrorResponses } from '../rgw/rgw-helpers.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { topicsClient, userTopics } from './topic-support.js';

/**
 * POST /api/v1/topics: a topic with an HTTP(S) push endpoint (RGW `CreateTopic` with the `push-endpoint`
 * attribute). RGW replaces a topic of the same name, so the form is also how an endpoint is changed.
 */
export function registerCreateTopic(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.topics,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Create a topic with a push endpoint (Ceph RGW)',
        body: createTopicRequestSchema,
        response: { 200: listTopicsResponseSchema, ...rgwErrorResponses },
      },
    },
    async (request): Promise<ListTopicsResponse> => {
      const client = topicsClient(request, ctx);
      const { name, pushEndpoint, verifySsl, persistent } = request.body;
      await rgwCall(() => client.createTopic({ name, pushEndpoint, verifySsl, persistent }));
      return { topics: userTopics(await rgwCall(() => client.listTopics())) };
    },
  );
}
