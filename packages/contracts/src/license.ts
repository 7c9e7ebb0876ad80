// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** GET /api/v1/about: what this console is (the side menu's footer, the License page). */
export const aboutResponseSchema = z
  .object({
    product: z.string(),
    /** The one version of Stowage (the root package.json), also reported by the store's admin `info`. */
    version: z.string(),
    /** SPDX id of the console's own licence. */
    license: z.string(),
  })
  .meta({ id: 'AboutResponse' });
export type AboutResponse = z.infer<typeof aboutResponseSchema>;

/** One third-party package that ships with the console (server or web bundle). */
export const thirdPartyNoticeSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** SPDX expression from the package. */
  license: z.string(),
  repository: z.string().optional(),
  /** The licence text the package is distributed under. */
  text: z.string(),
});
export type ThirdPartyNotice = z.infer<typeof thirdPartyNoticeSchema>;

/**
 * GET /api/v1/license: the console's licence with its full text and the third-party notices generated
 * at build from the shipped dependency tree (docs/licensing.md).
 */
export const licenseResponseSchema = z
  .object({
    product: z.string(),
    version: z.string(),
    license: z.object({ id: z.string(), name: z.string(), text: z.string() }),
    notices: z.array(thirdPartyNoticeSchema),
  })
  .meta({ id: 'LicenseResponse' });
export type LicenseResponse = z.infer<typeof licenseResponseSchema>;

/**
 * A commercial subscription as a managed MinIO reports it (admin `license-info`, madmin-go
 * `LicenseInfo`); the SUBNET API key is never passed on.
 */
export const serverSubscriptionSchema = z.object({
  id: z.string(),
  organization: z.string(),
  /** As reported, e.g. "ENTERPRISE" or "ENTERPRISE-PLUS". */
  plan: z.string(),
  /** YYYY-MM-DD, or '' when not reported (spec 3 §9 date format). */
  issuedAt: z.string(),
  expiresAt: z.string(),
  trial: z.boolean(),
  expired: z.boolean(),
});
export type ServerSubscription = z.infer<typeof serverSubscriptionSchema>;

/**
 * GET /api/v1/license/server: the licence of the server the console manages, as far as its admin API
 * reports one. `kind`: `stowage` (the embedded store, part of this project), `minio` (a MinIO; with
 * `subscription` when it reports a commercial licence), `unknown` (no MinIO admin API, or no answer).
 */
export const serverLicenseResponseSchema = z
  .object({
    kind: z.enum(['stowage', 'minio', 'unknown']),
    /** The server's version as admin `info` reports it, when it does. */
    version: z.string().optional(),
    /** SPDX id of the server's licence when it is known (the embedded store's own). */
    license: z.string().optional(),
    subscription: serverSubscriptionSchema.optional(),
    /** One sentence: what the server reported, or why nothing is shown. */
    detail: z.string(),
  })
  .meta({ id: 'ServerLicenseResponse' });
export type ServerLicenseResponse = z.infer<typeof serverLicenseResponseSchema>;
