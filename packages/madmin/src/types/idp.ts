// SPDX-License-Identifier: Apache-2.0
// Wire types of the identity provider configuration calls (madmin-go idp-commands.go).
import { z } from 'zod';

/** The two kinds of identity provider configuration. */
export const idpConfigTypes = ['openid', 'ldap'] as const;
export type IdpConfigType = (typeof idpConfigTypes)[number];

/** One configuration of a type; `_` is the default one. */
export const idpListItemSchema = z.object({
  type: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  roleARN: z.string().optional(),
});
export type IdpListItem = z.infer<typeof idpListItemSchema>;

/** One key of a configuration: its value, and whether it is set (`isCfg`) by the environment (`isEnv`). */
export const idpCfgInfoSchema = z.object({
  key: z.string(),
  value: z.string(),
  isCfg: z.boolean(),
  isEnv: z.boolean(),
});
export type IdpCfgInfo = z.infer<typeof idpCfgInfoSchema>;

export const idpConfigSchema = z.object({
  type: z.string(),
  name: z.string().optional(),
  info: z.array(idpCfgInfoSchema).nullable(),
});
export type IdpConfig = z.infer<typeof idpConfigSchema>;
