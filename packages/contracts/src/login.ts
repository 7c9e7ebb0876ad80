// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * Sign-in strategies (spec 1 §2.3, §3). `unknown` is a client-only state while the lookup runs, so the
 * server never sends it.
 */
export const loginStrategySchema = z.enum(['form', 'redirect', 'service-account']);
export type LoginStrategy = z.infer<typeof loginStrategySchema>;

/** GET /api/v1/login — which sign-in screen to show and, for SSO, where to send the browser. */
export const loginDetailsSchema = z
  .object({
    loginStrategy: loginStrategySchema,
    redirect: z.string().optional().describe('Identity-provider URL for the redirect strategy'),
    redirectRules: z
      .array(z.object({ redirect: z.string(), displayName: z.string() }))
      .optional()
      .describe('One entry per configured identity provider (issue 23), the first being `redirect`'),
    ldap: z.boolean().optional().describe('The form signs in against the LDAP directory (issue 23)'),
  })
  .meta({ id: 'LoginDetails' });
export type LoginDetails = z.infer<typeof loginDetailsSchema>;

/**
 * POST /api/v1/login body. Lengths follow the store's rules for access keys (≥3) but the secret is not
 * length-checked here: a short wrong password must still answer 401 'Invalid Login.', not a 400.
 */
export const loginRequestSchema = z
  .object({
    accessKey: z.string().min(1, 'accessKey is required').max(1024),
    secretKey: z.string().min(1, 'secretKey is required').max(1024),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /api/v1/login/operator body (operator mode, spec 1 §7). */
export const operatorLoginRequestSchema = z
  .object({ jwt: z.string().min(1, 'jwt is required') })
  .meta({ id: 'OperatorLoginRequest' });
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequestSchema>;

/** POST /api/v1/login/oauth2/auth body (spec 1 §7, spec 3 OAuth callback). */
export const oauth2LoginRequestSchema = z
  .object({ code: z.string().min(1), state: z.string().min(1) })
  .meta({ id: 'OAuth2LoginRequest' });
export type OAuth2LoginRequest = z.infer<typeof oauth2LoginRequestSchema>;

/** POST /api/v1/login/oauth2/auth response. */
export const oauth2LoginResponseSchema = z
  .object({ sessionId: z.string() })
  .meta({ id: 'OAuth2LoginResponse' });
export type OAuth2LoginResponse = z.infer<typeof oauth2LoginResponseSchema>;
