// SPDX-License-Identifier: Apache-2.0
import {
  type AddNotificationEndpointRequest,
  addNotificationEndpointRequestSchema,
  apiPaths,
  type ConfigWriteResponse,
  configWriteResponseSchema,
  type ListNotificationEndpointsResponse,
  listNotificationEndpointsResponseSchema,
  notificationEndpointParamsSchema,
  notificationServices,
} from '@stowage/contracts';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import { configErrorResponses } from '../configs/config-support.js';
import { formatConfigLine } from '../configs/config-text.js';
import type { RouteContext, ZodApp } from '../route-context.js';

function subSysOf(service: string): string {
  return notificationServices.find((s) => s.id === service)?.subSys ?? `notify_${service}`;
}

/**
 * Settings → Lambda Notifications (spec 2 "Settings", §7): the targets the server reports with their
 * status (its server info's `services.notifications`, as MinIO's console reads it), adding one (a
 * `notify_<service>:<id>` config line; the server applies it at its next restart) and removing one.
 */
export function registerNotificationEndpointRoutes(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.notificationEndpoints,
    {
      schema: {
        tags: ['notifications'],
        summary: 'List the notification targets with their status',
        response: { 200: listNotificationEndpointsResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ListNotificationEndpointsResponse> => {
      const info = await request.session.admin.serverInfo();
      const endpoints = (info.services?.notifications ?? []).flatMap((entry) =>
        Object.entries(entry).flatMap(([service, list]) =>
          list.flatMap((item) =>
            Object.entries(item).map(([account_id, s]) => ({
              service,
              account_id,
              status: s.status ?? '',
              arn: `arn:minio:sqs:${info.region ?? ''}:${account_id}:${service}`,
            })),
          ),
        ),
      );
      return { notification_endpoints: endpoints.length > 0 ? endpoints : null };
    },
  );

  app.post(
    apiPaths.notificationEndpoints,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Add a notification target',
        body: addNotificationEndpointRequestSchema,
        response: { 200: configWriteResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigWriteResponse> => {
      const body: AddNotificationEndpointRequest = request.body;
      const kvs = Object.entries(body.properties)
        .filter(([, value]) => value !== '')
        .map(([key, value]) => ({ key, value }));
      if (kvs.length === 0) throw apiErrors.badRequest('Fill in the settings of the target.');
      const name = `${subSysOf(body.service)}:${body.account_id}`;
      const result = await request.session.admin.setConfigKV(formatConfigLine(name, kvs));
      return { restart: result.restartRequired };
    },
  );

  app.delete(
    apiPaths.notificationEndpoint,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Remove a notification target',
        params: notificationEndpointParamsSchema,
        body: z.unknown().optional(),
        response: { 200: configWriteResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ConfigWriteResponse> => {
      const { service, accountId } = request.params;
      const result = await request.session.admin.delConfigKV(`${subSysOf(service)}:${accountId}`);
      return { restart: result.restartRequired };
    },
  );
}
