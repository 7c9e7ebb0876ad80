// SPDX-License-Identifier: Apache-2.0
import type { Topic } from '@stowage/contracts';
import type { FastifyRequest } from 'fastify';
import type { RgwTopic, RgwTopicsClient } from '../../clients/rgw-admin/rgw-topics-client.js';
import { createRgwTopicsClient } from '../../clients/store-clients.js';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext } from '../route-context.js';

/**
 * The caller's topic client; 501 with the reason when sign-in found no SNS-compatible topic API (every
 * server but Ceph RGW: MinIO sends bucket events to targets configured on the server instead).
 */
export function topicsClient(request: FastifyRequest, ctx: RouteContext): RgwTopicsClient {
  const { credentials } = request.session;
  if (!credentials.caps?.includes('topics')) {
    throw apiErrors.notProvided(
      'This server does not provide SNS-compatible topics',
      `${ctx.endpoint.url} did not answer ListTopics (POST / signed for sns) when you signed in: topics are Ceph RGW's bucket event targets (rgw_enable_apis must include notifications). On MinIO, subscribe a notification target from Settings → Lambda Notifications.`,
    );
  }
  return createRgwTopicsClient(ctx.endpoint, credentials);
}

/**
 * The topics a user made. RGW 16 also lists a copy of a topic for each bucket subscription to it, named
 * `<subscription id>_<topic>` with the topic's ARN: those are left out (the ARN names the topic).
 */
export function userTopics(topics: readonly RgwTopic[]): Topic[] {
  return topics
    .filter((t) => t.arn.slice(t.arn.lastIndexOf(':') + 1) === t.name)
    .map((t) => ({ name: t.name, arn: t.arn, pushEndpoint: t.pushEndpoint, persistent: t.persistent }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
