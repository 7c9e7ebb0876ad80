// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * The webhook configuration pages (spec 2 "Webhook configuration pages", /webhook/logger and
 * /webhook/audit): the named targets of MinIO's `logger_webhook` and `audit_webhook` sets.
 */

export const webhookKinds = ['logger', 'audit'] as const;
export type WebhookKind = (typeof webhookKinds)[number];

/** The config set behind each page. */
export const webhookSubSys: Readonly<Record<WebhookKind, string>> = {
  logger: 'logger_webhook',
  audit: 'audit_webhook',
};

/** `:kind` of the webhook calls. */
export const webhookKindParamsSchema = z.object({ kind: z.enum(webhookKinds) });

/** A target name: MinIO's target names are letters, digits, `_`, `-` and `.`. */
export const webhookNameSchema = z
  .string()
  .trim()
  .min(1, 'A name is required')
  .max(64, 'A name is at most 64 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'A name may contain only letters, digits, dots, dashes and underscores');

export const webhookParamsSchema = z.object({ kind: z.enum(webhookKinds), name: webhookNameSchema });

/** `online` / `offline` from the server's service status; `unknown` when it reports none for the target. */
export const webhookStatuses = ['online', 'offline', 'unknown'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

/** One configured target. The auth token is never sent back, only whether one is set. */
export const webhookTargetSchema = z
  .object({
    name: z.string(),
    endpoint: z.string(),
    enabled: z.boolean(),
    status: z.enum(webhookStatuses),
    authTokenSet: z.boolean(),
    queueDir: z.string(),
    queueSize: z.string(),
    batchSize: z.string(),
  })
  .meta({ id: 'WebhookTarget' });
export type WebhookTarget = z.infer<typeof webhookTargetSchema>;

/** GET /api/v1/webhooks/{kind}. */
export const listWebhooksResponseSchema = z
  .object({ targets: z.array(webhookTargetSchema), total: z.number().int().nonnegative() })
  .meta({ id: 'ListWebhooksResponse' });
export type ListWebhooksResponse = z.infer<typeof listWebhooksResponseSchema>;

const positiveCount = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d*$/, `${what} must be a whole number`)
    .refine((v) => v === '' || Number(v) >= 1, `${what} must be at least 1`)
    .optional();

const endpointSchema = z
  .string()
  .trim()
  .min(1, 'An endpoint is required')
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'The endpoint must be an http:// or https:// URL');

/** The editable settings of a target (Add Webhook Configuration, edit). Empty = the server's default. */
const webhookSettingsShape = {
  endpoint: endpointSchema,
  /** Left out on edit: the saved token stays. '' on add: none. */
  authToken: z.string().max(4096).optional(),
  queueDir: z.string().trim().max(1024).optional(),
  queueSize: positiveCount('Queue size'),
  batchSize: positiveCount('Batch size'),
};

/** POST /api/v1/webhooks/{kind}. */
export const createWebhookRequestSchema = z
  .object({ name: webhookNameSchema, ...webhookSettingsShape })
  .meta({ id: 'CreateWebhookRequest' });
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

/** PUT /api/v1/webhooks/{kind}/{name}. */
export const updateWebhookRequestSchema = z.object(webhookSettingsShape).meta({ id: 'UpdateWebhookRequest' });
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequestSchema>;
