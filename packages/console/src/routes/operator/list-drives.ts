// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ListDrivesResponse, listDrivesResponseSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf, operatorErrors } from './operator-route.js';

/** GET /api/v1/direct-csi/drives (spec 3 §7, Storage > Drives): the storage roots. */
export function registerListDrives(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.drives,
    {
      schema: {
        tags: ['operator'],
        summary: 'Storage roots (drives)',
        response: { 200: listDrivesResponseSchema, ...operatorErrors },
      },
    },
    async (): Promise<ListDrivesResponse> => ({ drives: await driverOf(ctx).listDrives() }),
  );
}
