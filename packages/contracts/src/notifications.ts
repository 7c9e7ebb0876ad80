// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';
import { bucketNameSchema } from './buckets.js';

/**
 * Bucket event notifications: Settings → Lambda Notifications (spec 2 "Settings") and the bucket
 * Events tab (spec 1). Targets are MinIO's `notify_<service>` config sets.
 */

/** The ten supported services, in the order of the add flow (spec 2), with their config set. */
export const notificationServices = [
  { id: 'postgres', subSys: 'notify_postgres', label: 'Postgres SQL', logo: true },
  { id: 'kafka', subSys: 'notify_kafka', label: 'Kafka', logo: true },
  { id: 'amqp', subSys: 'notify_amqp', label: 'AMQP', logo: true },
  { id: 'mqtt', subSys: 'notify_mqtt', label: 'MQTT', logo: true },
  { id: 'redis', subSys: 'notify_redis', label: 'Redis', logo: true },
  { id: 'nats', subSys: 'notify_nats', label: 'NATS', logo: true },
  { id: 'mysql', subSys: 'notify_mysql', label: 'Mysql', logo: true },
  { id: 'elasticsearch', subSys: 'notify_elasticsearch', label: 'Elastic Search', logo: true },
  { id: 'webhook', subSys: 'notify_webhook', label: 'Webhook', logo: false },
  { id: 'nsq', subSys: 'notify_nsq', label: 'NSQ', logo: false },
] as const;
export type NotificationServiceId = (typeof notificationServices)[number]['id'];
export const notificationServiceIds = notificationServices.map((s) => s.id) as [
  NotificationServiceId,
  ...NotificationServiceId[],
];

/** A target id: MinIO's target names are letters, digits, `_`, `-` and `.`. */
export const notificationTargetIdSchema = z
  .string()
  .trim()
  .min(1, 'An identifier is required')
  .max(64, 'An identifier is at most 64 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'An identifier may contain only letters, digits, dots, dashes and underscores');

/** One target as the server reports it (spec 2 "Notification endpoint"). */
export const notificationEndpointSchema = z
  .object({
    service: z.string(),
    account_id: z.string(),
    status: z.string(),
    /** `arn:minio:sqs:<region>:<account_id>:<service>`: what bucket subscriptions name. */
    arn: z.string(),
  })
  .meta({ id: 'NotificationEndpoint' });
export type NotificationEndpoint = z.infer<typeof notificationEndpointSchema>;

/** GET /api/v1/admin/notification_endpoints (may be null, spec 2 §7). */
export const listNotificationEndpointsResponseSchema = z
  .object({ notification_endpoints: z.array(notificationEndpointSchema).nullable() })
  .meta({ id: 'ListNotificationEndpointsResponse' });
export type ListNotificationEndpointsResponse = z.infer<typeof listNotificationEndpointsResponseSchema>;

/** POST /api/v1/admin/notification_endpoints: the target's keys as the form filled them. */
export const addNotificationEndpointRequestSchema = z
  .object({
    service: z.enum(notificationServiceIds),
    account_id: notificationTargetIdSchema,
    properties: z.record(z.string(), z.string()),
  })
  .meta({ id: 'AddNotificationEndpointRequest' });
export type AddNotificationEndpointRequest = z.infer<typeof addNotificationEndpointRequestSchema>;

/** `:service/:accountId` of a target's removal. */
export const notificationEndpointParamsSchema = z.object({
  service: z.enum(notificationServiceIds),
  accountId: notificationTargetIdSchema,
});

/** The Events tab's event kinds and the S3 events each stands for. */
export const bucketEventKinds = ['put', 'get', 'delete'] as const;
export type BucketEventKind = (typeof bucketEventKinds)[number];
export const bucketEventKindNames: Readonly<Record<BucketEventKind, string>> = {
  put: 's3:ObjectCreated:*',
  get: 's3:ObjectAccessed:*',
  delete: 's3:ObjectRemoved:*',
};

/** One subscription of a bucket (spec 1 "Events": ARN, events, prefix, suffix). */
export const bucketEventSchema = z
  .object({
    id: z.string(),
    arn: z.string(),
    events: z.array(z.string()),
    prefix: z.string(),
    suffix: z.string(),
  })
  .meta({ id: 'BucketEvent' });
export type BucketEvent = z.infer<typeof bucketEventSchema>;

export const listBucketEventsResponseSchema = z
  .object({ events: z.array(bucketEventSchema) })
  .meta({ id: 'ListBucketEventsResponse' });
export type ListBucketEventsResponse = z.infer<typeof listBucketEventsResponseSchema>;

/** POST /api/v1/buckets/{bucket}/events (Subscribe To Event). */
export const createBucketEventRequestSchema = z
  .object({
    arn: z.string().trim().min(1, 'Choose an ARN'),
    events: z.array(z.enum(bucketEventKinds)).min(1, 'Choose at least one event'),
    prefix: z.string().default(''),
    suffix: z.string().default(''),
  })
  .meta({ id: 'CreateBucketEventRequest' });
export type CreateBucketEventRequest = z.input<typeof createBucketEventRequestSchema>;

export const bucketEventParamsSchema = z.object({ bucket: bucketNameSchema, id: z.string().min(1) });
