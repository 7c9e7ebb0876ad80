// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths, type LicenseResponse, licenseResponseSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';
import { readLicenses } from './licenses-file.js';

/**
 * GET /api/v1/license (License page): the console's licence with its full text, and the third-party
 * notices of everything that ships, generated at build (docs/licensing.md).
 */
export function registerGetLicense(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.license,
    {
      schema: {
        tags: ['license'],
        summary: 'The console’s licence and third-party notices',
        response: { 200: licenseResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (): Promise<LicenseResponse> => ({
      ...(await readLicenses(ctx.options.licensesFile)),
      version: ctx.options.version ?? 'unknown',
    }),
  );
}
