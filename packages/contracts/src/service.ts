// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * POST /api/v1/service/restart (spec 3 §4 restart banner): the server restarts and the call answers once
 * it serves requests again.
 */
export const serviceRestartResponseSchema = z
  .object({ restarted: z.literal(true) })
  .meta({ id: 'ServiceRestartResponse' });
export type ServiceRestartResponse = z.infer<typeof serviceRestartResponseSchema>;
