// SPDX-License-Identifier: Apache-2.0
// Wire type of MinIO's licence information (madmin-go license.go, `GetLicenseInfo`).
import { z } from 'zod';

/**
 * `GET /minio/admin/v3/license-info`: the commercial licence a MinIO build carries. Only MinIO's
 * commercial builds answer it; the open-source server (AGPL v3) has no such route.
 */
export const licenseInfoSchema = z.object({
  ID: z.string().optional().default(''),
  Organization: z.string().optional().default(''),
  /** E.g. "ENTERPRISE-PLUS"; as the server reports it. */
  Plan: z.string().optional().default(''),
  IssuedAt: z.string().optional().default(''),
  ExpiresAt: z.string().optional().default(''),
  Trial: z.boolean().optional().default(false),
  /** The SUBNET account's API key: a secret, never passed on to a browser. */
  APIKey: z.string().optional().default(''),
});
export type LicenseInfo = z.infer<typeof licenseInfoSchema>;
