// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * Effective permissions by resource (PROTOCOL-NOTES §5): `console-ui` holds the actions allowed for the
 * console as a whole; each `arn:aws:s3:::…` key holds the actions allowed on that resource.
 */
export const sessionPermissionsSchema = z.record(z.string(), z.array(z.string()));
export type SessionPermissions = z.infer<typeof sessionPermissionsSchema>;

/**
 * A management API the server has beyond S3 and what the console offers through it in this session; when
 * the server has it but not for this user, `available` is false and `reason` says why.
 */
export const sessionManagementApiSchema = z
  .object({
    name: z.string().describe("e.g. Ceph RGW's Admin Ops"),
    available: z.boolean(),
    features: z.array(z.string()).describe('What it enables: users, quotas, usage, …'),
    reason: z.string().optional().describe('Why it is not available to this user'),
  })
  .meta({ id: 'SessionManagementApi' });
export type SessionManagementApi = z.infer<typeof sessionManagementApiSchema>;

/**
 * GET /api/v1/session (spec 1 §3 "Session", §4 "Session bootstrap"). `pages` holds page paths from
 * `pagePaths` (see paths.ts) the signed-in identity may open; the shell and the side menu show only those.
 */
export const sessionSchema = z
  .object({
    operator: z.boolean(),
    status: z.literal('ok'),
    pages: z.array(z.string()),
    features: z.array(z.string()).describe('Optional capabilities, e.g. "log-search"'),
    capabilities: z
      .array(z.string())
      .optional()
      .describe(
        'What the server offers beyond plain S3 (`capabilityNames`: admin, sts, versioning, object-lock, …), detected at sign-in; absent = everything',
      ),
    managementApis: z
      .array(sessionManagementApiSchema)
      .optional()
      .describe("Management APIs met at sign-in and what they enable here (Ceph RGW's Admin Ops, issue 36)"),
    distributedMode: z.boolean().describe('The server stores objects erasure-coded'),
    userName: z.string().describe('Who is signed in (the access key or identity name)'),
    permissions: sessionPermissionsSchema.optional(),
    identityProvider: z
      .enum(['openid', 'ldap'])
      .optional()
      .describe('Set when the user signed in through an external identity provider (issue 23)'),
    customStyles: z.string().optional(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;
