// SPDX-License-Identifier: Apache-2.0
import { type AboutResponse, aboutResponseSchema, apiErrorSchema, apiPaths } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';

/** The console's own licence (LICENSE at the root of the project and of the package). */
export const CONSOLE_LICENSE = { id: 'Apache-2.0', name: 'Apache License 2.0' } as const;

/** GET /api/v1/about: product, version and licence, for the side menu's footer. */
export function registerGetAbout(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.about,
    {
      schema: {
        tags: ['license'],
        summary: 'This console: product, version, licence',
        response: { 200: aboutResponseSchema, 401: apiErrorSchema },
      },
    },
    async (): Promise<AboutResponse> => ({
      product: 'Stowage',
      version: ctx.options.version ?? 'unknown',
      license: CONSOLE_LICENSE.id,
    }),
  );
}
