// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketEvent,
  bucketEventKindNames,
  bucketEventParamsSchema,
  bucketRouteParamsSchema,
  createBucketEventRequestSchema,
  type ListBucketEventsResponse,
  listBucketEventsResponseSchema,
} from '@stowage/contracts';
import * as Minio from 'minio';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import { configErrorResponses } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';

interface FilterRule {
  Name: string;
  Value: string;
}

interface RawConfiguration {
  Id?: string;
  Queue?: string;
  Topic?: string;
  CloudFunction?: string;
  Event?: string[];
  /** The minio client gives the S3Key filter rules as a flat list. */
  Filter?: FilterRule[];
}

/** The bucket's subscriptions, read through GetBucketNotificationConfiguration. */
async function readEvents(s3: Minio.Client, bucket: string): Promise<BucketEvent[]> {
  const config = (await s3.getBucketNotification(bucket)) as unknown as Record<string, RawConfiguration[]>;
  const all = [
    ...(config.QueueConfiguration ?? []),
    ...(config.TopicConfiguration ?? []),
    ...(config.CloudFunctionConfiguration ?? []),
  ];
  return all.map((c) => {
    const rules = c.Filter ?? [];
    const rule = (name: string) => rules.find((r) => r.Name.toLowerCase() === name)?.Value ?? '';
    return {
      id: c.Id ?? '',
      arn: c.Queue ?? c.Topic ?? c.CloudFunction ?? '',
      events: c.Event ?? [],
      prefix: rule('prefix'),
      suffix: rule('suffix'),
    };
  });
}

/**
 * Writes the whole set of subscriptions back (S3 replaces the configuration as a whole). An SNS topic's
 * ARN (`arn:aws:sns:…`, Ceph RGW's topics) is written as a TopicConfiguration, any other as a
 * QueueConfiguration (MinIO's targets, `arn:minio:sqs:…`).
 */
async function writeEvents(s3: Minio.Client, bucket: string, events: readonly BucketEvent[]): Promise<void> {
  const config = new Minio.NotificationConfig();
  for (const e of events) {
    const target = e.arn.startsWith('arn:aws:sns:')
      ? new Minio.TopicConfig(e.arn)
      : new Minio.QueueConfig(e.arn);
    if (e.id) target.setId(e.id);
    for (const name of e.events) target.addEvent(name);
    if (e.prefix) target.addFilterPrefix(e.prefix);
    if (e.suffix) target.addFilterSuffix(e.suffix);
    config.add(target);
  }
  try {
    await s3.setBucketNotification(bucket, config);
  } catch (err) {
    // Ceph RGW refuses an empty configuration (MalformedXML) and removes its notifications with
    // `DELETE ?notification` instead (Ceph docs, "Bucket Notifications": Delete Notification).
    if (events.length > 0 || (err as { code?: unknown }).code !== 'MalformedXML') throw err;
    await s3.makeRequestAsync(
      { method: 'DELETE', bucketName: bucket, query: 'notification' },
      '',
      [200, 204],
    );
  }
}

/**
 * The bucket Events tab (spec 1 "Events"): the subscriptions (ARN, events, prefix, suffix), Subscribe
 * To Event (put/get/delete → `s3:ObjectCreated:*`, `s3:ObjectAccessed:*`, `s3:ObjectRemoved:*`) and
 * Delete Event. The store checks ARNs and overlaps (InvalidArgument → 400 with its reason).
 */
export function registerBucketEventRoutes(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.bucketEvents,
    {
      schema: {
        tags: ['buckets'],
        summary: "List a bucket's event subscriptions",
        params: bucketRouteParamsSchema,
        response: { 200: listBucketEventsResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ListBucketEventsResponse> => ({
      events: await readEvents(request.session.s3, request.params.bucket),
    }),
  );

  app.post(
    apiPaths.bucketEvents,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Subscribe a notification target to bucket events',
        params: bucketRouteParamsSchema,
        body: createBucketEventRequestSchema,
        response: { 200: listBucketEventsResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ListBucketEventsResponse> => {
      const { bucket } = request.params;
      const current = await readEvents(request.session.s3, bucket);
      const taken = new Set(current.map((e) => e.id));
      let n = current.length + 1;
      while (taken.has(`event-${n}`)) n++;
      const added: BucketEvent = {
        id: `event-${n}`,
        arn: request.body.arn,
        events: [...new Set(request.body.events)].map((k) => bucketEventKindNames[k]),
        prefix: request.body.prefix ?? '',
        suffix: request.body.suffix ?? '',
      };
      await writeEvents(request.session.s3, bucket, [...current, added]);
      return { events: await readEvents(request.session.s3, bucket) };
    },
  );

  app.delete(
    apiPaths.bucketEvent,
    {
      schema: {
        tags: ['buckets'],
        summary: 'Delete an event subscription',
        params: bucketEventParamsSchema,
        body: z.unknown().optional(),
        response: { 200: listBucketEventsResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ListBucketEventsResponse> => {
      const { bucket, id } = request.params;
      const current = await readEvents(request.session.s3, bucket);
      if (!current.some((e) => e.id === id))
        throw apiErrors.notFound(`The bucket ${bucket} has no event subscription ${id}.`);
      await writeEvents(
        request.session.s3,
        bucket,
        current.filter((e) => e.id !== id),
      );
      return { events: await readEvents(request.session.s3, bucket) };
    },
  );
}
