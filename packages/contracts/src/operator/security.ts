// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';
import { keyPairSchema } from './tenant-create.js';

/** A certificate shown in the Security tab (MinIO's `certificateInfo`). */
export const certificateInfoSchema = z
  .object({
    serialNumber: z.string(),
    name: z.string().describe('The secret name; send it in secretsToBeDeleted to remove the certificate'),
    domains: z.array(z.string()),
    expiry: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'CertificateInfo' });
export type CertificateInfo = z.infer<typeof certificateInfoSchema>;

/** GET .../tenants/{name}/security (MinIO's `tenantSecurityResponse`). */
export const tenantSecurityResponseSchema = z
  .object({
    autoCert: z.boolean(),
    customCertificates: z.object({
      minio: z.array(certificateInfoSchema),
      minioCAs: z.array(certificateInfoSchema),
    }),
  })
  .meta({ id: 'TenantSecurityResponse' });
export type TenantSecurityResponse = z.infer<typeof tenantSecurityResponseSchema>;

/** POST .../tenants/{name}/security (MinIO's `updateTenantSecurityRequest`): Save and Restart. */
export const updateTenantSecurityRequestSchema = z
  .object({
    autoCert: z.boolean(),
    customCertificates: z.object({
      secretsToBeDeleted: z.array(z.string()).default([]),
      minio: z.array(keyPairSchema).default([]),
      minioCAs: z.array(z.string().describe('base64 PEM')).default([]),
    }),
  })
  .meta({ id: 'UpdateTenantSecurityRequest' });
export type UpdateTenantSecurityRequest = z.input<typeof updateTenantSecurityRequestSchema>;
