// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerCreateTopic } from './create-topic.js';
import { registerDeleteTopic } from './delete-topic.js';
import { registerListTopics } from './list-topics.js';

/** SNS-compatible topics (Ceph RGW's bucket event targets; issue 36), registered in the signed-in scope. */
export function registerTopicRoutes(app: ZodApp, ctx: RouteContext): void {
  registerListTopics(app, ctx);
  registerCreateTopic(app, ctx);
  registerDeleteTopic(app, ctx);
}
