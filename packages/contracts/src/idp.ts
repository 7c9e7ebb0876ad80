// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';
import { configKeyHelpSchema, setConfigRequestSchema } from './configs.js';

/** The two kinds of identity provider configuration (madmin-go idp-commands.go). */
export const idpTypeSchema = z.enum(['openid', 'ldap']);
export type IdpType = z.infer<typeof idpTypeSchema>;

/** A configuration's name: `_` is the default one (LDAP has only that one). */
export const idpNameSchema = z
  .string()
  .regex(/^(_|[A-Za-z0-9][A-Za-z0-9_-]{0,63})$/, 'A name is letters, digits, - and _ (at most 64), or _');

export const idpParamsSchema = z.object({ type: idpTypeSchema });
export const idpConfigParamsSchema = z.object({ type: idpTypeSchema, name: idpNameSchema });

/** GET /api/v1/idp/{type}: the configurations, and the help of their keys (the form's fields). */
export const idpListResponseSchema = z
  .object({
    description: z.string(),
    results: z.array(z.object({ name: z.string(), enabled: z.boolean(), roleARN: z.string().optional() })),
    help: z.array(configKeyHelpSchema),
  })
  .meta({ id: 'IdpListResponse' });
export type IdpListResponse = z.infer<typeof idpListResponseSchema>;

/** POST /api/v1/idp/{type}: a new configuration, its name and keys. */
export const createIdpRequestSchema = setConfigRequestSchema
  .extend({ name: idpNameSchema })
  .meta({ id: 'CreateIdpRequest' });
export type CreateIdpRequest = z.infer<typeof createIdpRequestSchema>;
