// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * SNS-compatible topics (issue 36): where Ceph RGW sends a bucket's events. A topic names a push endpoint;
 * a bucket's event subscription (`/api/v1/buckets/{bucket}/events`) names the topic's ARN. Offered to a
 * session whose capabilities include `topics`.
 */
export const topicSchema = z
  .object({
    name: z.string(),
    arn: z.string(),
    pushEndpoint: z.string().describe('Where the server pushes the events; empty for a pull topic'),
    persistent: z.boolean().describe('Events are queued and delivered after the request has answered'),
  })
  .meta({ id: 'Topic' });
export type Topic = z.infer<typeof topicSchema>;

export const listTopicsResponseSchema = z
  .object({ topics: z.array(topicSchema) })
  .meta({ id: 'ListTopicsResponse' });
export type ListTopicsResponse = z.infer<typeof listTopicsResponseSchema>;

/** Topic names as RGW takes them: letters, digits, `-` and `_` (AWS SNS's rule, up to 256). */
export const topicNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,256}$/, 'Use 1 to 256 letters, digits, hyphens and underscores');

/** POST /api/v1/topics: a topic with an HTTP(S) push endpoint. */
export const createTopicRequestSchema = z
  .object({
    name: topicNameSchema,
    pushEndpoint: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s/]+/i, 'Give an http:// or https:// address'),
    verifySsl: z.boolean().default(true).describe('false: accept a self-signed certificate'),
    persistent: z.boolean().default(false),
  })
  .meta({ id: 'CreateTopicRequest' });
export type CreateTopicRequest = z.input<typeof createTopicRequestSchema>;

export const topicParamsSchema = z.object({ name: topicNameSchema });
