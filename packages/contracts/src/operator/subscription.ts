// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** GET /api/v1/subscription/info and POST /api/v1/subscription/refresh (spec 3 §3 "Subscription info"). */
export const subscriptionInfoSchema = z
  .object({
    plan: z.string(),
    organization: z.string(),
    storage_capacity: z.number().describe('TiB'),
    expires_at: z.string(),
    email: z.string(),
  })
  .meta({ id: 'SubscriptionInfo' });
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

/** POST /api/v1/subscription/validate body. */
export const subscriptionValidateRequestSchema = z
  .object({ license: z.string().optional(), email: z.string().optional(), password: z.string().optional() })
  .meta({ id: 'SubscriptionValidateRequest' });
export type SubscriptionValidateRequest = z.infer<typeof subscriptionValidateRequestSchema>;
