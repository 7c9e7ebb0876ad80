// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';
import { newSecretSchema, nonBlankName, policyJsonProblem } from './identity-rules.js';

/** GET /api/v1/service-accounts and /api/v1/user/{user}/service-accounts: access keys (spec 2 §3). */
export const serviceAccountListSchema = z.array(z.string()).meta({ id: 'ServiceAccountList' });
export type ServiceAccountList = z.infer<typeof serviceAccountListSchema>;

/** An optional policy JSON: empty means "inherit the parent's policy" (spec 2 §5). */
const optionalPolicySchema = z
  .string()
  .max(2048, 'A service account policy may be at most 2048 characters')
  .optional()
  .superRefine((text, ctx) => {
    if (text === undefined || text.trim() === '') return;
    const problem = policyJsonProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/** POST /api/v1/service-accounts and /api/v1/user/{user}/service-accounts. */
export const createServiceAccountRequestSchema = z
  .object({ policy: optionalPolicySchema })
  .meta({ id: 'CreateServiceAccountRequest' });
export type CreateServiceAccountRequest = z.infer<typeof createServiceAccountRequestSchema>;

/** POST /api/v1/service-account-credentials (and the per-user form): custom keys (spec 2 §5). */
export const createServiceAccountCredentialsRequestSchema = z
  .object({
    policy: optionalPolicySchema,
    accessKey: nonBlankName('Access key').pipe(z.string().min(3, 'Access key must be at least 3 characters')),
    secretKey: newSecretSchema,
  })
  .meta({ id: 'CreateServiceAccountCredentialsRequest' });
export type CreateServiceAccountCredentialsRequest = z.infer<
  typeof createServiceAccountCredentialsRequestSchema
>;

/** The one-time credentials of a new service account (spec 2 §4: the secret is shown only once). */
export const serviceAccountCredentialsSchema = z
  .object({ accessKey: z.string(), secretKey: z.string() })
  .meta({ id: 'ServiceAccountCredentials' });
export type ServiceAccountCredentials = z.infer<typeof serviceAccountCredentialsSchema>;

/** `{user}` path parameter. */
export const userParamsSchema = z.object({ user: nonBlankName('user') });
/** `{name}` path parameter of DELETE /api/v1/service-accounts/{name}. */
export const serviceAccountParamsSchema = z.object({ name: nonBlankName('Service account') });

/** The downloaded credentials file (spec 2 §3): `{console:[{access_key, secret_key}]}`. */
export interface CredentialsFile {
  console: Array<{ access_key: string; secret_key: string }>;
}

export function credentialsFile(creds: ServiceAccountCredentials): CredentialsFile {
  return { console: [{ access_key: creds.accessKey, secret_key: creds.secretKey }] };
}
