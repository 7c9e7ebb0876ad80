// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ServiceRestartResponse, serviceRestartResponseSchema } from '@stowage/contracts';
import { z } from 'zod';
import { apiErrors } from '../../errors/api-http-error.js';
import { storeErrorToApiError } from '../../errors/store-errors.js';
import { configErrorResponses } from '../configs/config-support.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/** How often, and how many times, the console asks whether the restarted server serves again. */
const POLL_INTERVAL_MS = 500;
const POLL_ATTEMPTS = 240;

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * POST /api/v1/service/restart (spec 3 §4, the restart banner's Restart): asks the server to restart
 * (`service?action=restart`), then answers once the server serves admin requests again, so the banner's
 * progress bar ends when the server is back. A server that does not come back is a 503.
 */
export function registerRestartService(app: ZodApp, _ctx: RouteContext): void {
  app.post(
    apiPaths.serviceRestart,
    {
      schema: {
        tags: ['service'],
        summary: 'Restart the server and wait until it is back',
        body: z.unknown().optional(),
        response: { 200: serviceRestartResponseSchema, ...configErrorResponses },
      },
    },
    async (request): Promise<ServiceRestartResponse> => {
      const admin = request.session.admin;
      await admin.serviceRestart();
      let last: unknown;
      for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt++) {
        try {
          await admin.serverInfo();
          return { restarted: true };
        } catch (err) {
          // Refusals (access, session) are answers of a running server: report them as they are.
          const mapped = storeErrorToApiError(err);
          if (mapped !== null && mapped.statusCode !== 503 && mapped.statusCode < 500) throw mapped;
          last = err;
        }
        await sleep(POLL_INTERVAL_MS);
      }
      throw apiErrors.storeUnreachable(
        `The server did not come back after the restart: ${last instanceof Error ? last.message : String(last)}`,
      );
    },
  );
}
