// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type FormatDrivesResponse,
  formatDrivesRequestSchema,
  formatDrivesResponseSchema,
} from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors } from './operator-route.js';

/** POST /api/v1/direct-csi/drives/format (spec 3 §7): empties unused roots; issues listed per drive. */
export function registerFormatDrives(app: ZodApp, ctx: RouteContext): void {
  app.post(
    apiPaths.drivesFormat,
    {
      schema: {
        tags: ['operator'],
        summary: 'Format storage roots',
        body: formatDrivesRequestSchema,
        response: { 200: formatDrivesResponseSchema, ...operatorErrors },
      },
    },
    async (request): Promise<FormatDrivesResponse> =>
      driverOf(ctx).formatDrives(request.body.drives, request.body.force),
  );
}
