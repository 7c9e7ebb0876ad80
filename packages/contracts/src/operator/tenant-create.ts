// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';
import { imageRegistrySchema, namespaceNameSchema, poolSchema, tenantNameSchema } from './tenants.js';

/** Access and secret keys of built-in users (spec 3 §5, §9): 8 to 63 letters, digits or '-'. */
export const TENANT_KEY_MESSAGE = 'Keys must be at least length 8';
export const tenantKeySchema = z.string().regex(/^[A-Za-z0-9-]{8,63}$/, TENANT_KEY_MESSAGE);

export const keyPairSchema = z
  .object({ crt: z.string().describe('base64 PEM'), key: z.string().describe('base64 PEM') })
  .meta({ id: 'KeyPairConfiguration' });
export type KeyPair = z.infer<typeof keyPairSchema>;

/** `idp` of the creation body: built-in keys, OpenID or Active Directory (spec 3 §7). */
export const tenantIdpSchema = z
  .object({
    keys: z.array(z.object({ access_key: tenantKeySchema, secret_key: tenantKeySchema })).optional(),
    oidc: z
      .object({
        configuration_url: z.string().min(1, 'Field cannot be empty'),
        client_id: z.string().min(1, 'Field cannot be empty'),
        secret_id: z.string().min(1, 'Field cannot be empty'),
        claim_name: z.string().min(1, 'Field cannot be empty'),
        callback_url: z.string().optional(),
        scopes: z.string().optional(),
      })
      .optional(),
    active_directory: z
      .object({
        url: z.string().min(1, 'Field cannot be empty'),
        skip_tls_verification: z.boolean().optional(),
        server_insecure: z.boolean().optional(),
        server_start_tls: z.boolean().optional(),
        username_format: z.string().optional(),
        username_search_filter: z.string().optional(),
        group_search_base_dn: z.string().optional(),
        group_search_filter: z.string().optional(),
        group_name_attribute: z.string().optional(),
        user_dns: z.array(z.string().min(1, 'Field cannot be empty')).optional(),
        lookup_bind_dn: z.string().optional(),
        lookup_bind_password: z.string().optional(),
        user_dn_search_base_dn: z.string().optional(),
        user_dn_search_filter: z.string().optional(),
      })
      .optional(),
  })
  .meta({ id: 'TenantIdpConfiguration' });
export type TenantIdp = z.infer<typeof tenantIdpSchema>;

/** `tls` of the creation body: custom certificates (base64 PEM). */
export const tenantTlsSchema = z
  .object({
    minio: z.array(keyPairSchema).optional(),
    console: keyPairSchema.optional(),
    ca_certificates: z.array(z.string()).optional(),
    console_ca_certificates: z.array(z.string()).optional(),
  })
  .meta({ id: 'TenantTlsConfiguration' });

const nonNegative = z.number().int().min(0, 'Value needs to be 0 or greater');

/** `encryption` of the creation body (spec 3 §5 "Encryption"). External KMSes are refused by the local driver. */
export const tenantEncryptionSchema = z
  .object({
    image: z.string().optional(),
    replicas: z.string().optional(),
    server: keyPairSchema.optional(),
    client: keyPairSchema.optional(),
    gemalto: z
      .object({
        keysecure: z.object({
          endpoint: z.string().min(1),
          credentials: z.object({
            token: z.string().min(1),
            domain: z.string().min(1),
            retry: nonNegative.optional(),
          }),
          tls: z.object({ ca: z.string() }).optional(),
        }),
      })
      .optional(),
    aws: z
      .object({
        secretsmanager: z.object({
          endpoint: z.string().min(1),
          region: z.string().min(1),
          kmskey: z.string().optional(),
          credentials: z.object({
            accesskey: z.string().min(1),
            secretkey: z.string().min(1),
            token: z.string().optional(),
          }),
        }),
      })
      .optional(),
    azure: z
      .object({
        keyvault: z.object({
          endpoint: z.string().min(1),
          credentials: z
            .object({
              tenant_id: z.string().min(1),
              client_id: z.string().min(1),
              client_secret: z.string().min(1),
            })
            .optional(),
        }),
      })
      .optional(),
    gcp: z
      .object({
        secretmanager: z.object({
          project_id: z.string(),
          endpoint: z.string().optional(),
          credentials: z
            .object({
              client_email: z.string().optional(),
              client_id: z.string().optional(),
              private_key_id: z.string().optional(),
              private_key: z.string().optional(),
            })
            .optional(),
        }),
      })
      .optional(),
    vault: z
      .object({
        endpoint: z.string().min(1),
        engine: z.string().optional(),
        namespace: z.string().optional(),
        prefix: z.string().optional(),
        approle: z.object({
          engine: z.string().optional(),
          id: z.string().min(1),
          secret: z.string().min(1),
          retry: nonNegative.optional(),
        }),
        tls: z
          .object({ key: z.string().optional(), crt: z.string().optional(), ca: z.string().optional() })
          .optional(),
        status: z.object({ ping: nonNegative.optional() }).optional(),
      })
      .optional(),
  })
  .meta({ id: 'TenantEncryptionConfiguration' });
export type TenantEncryption = z.infer<typeof tenantEncryptionSchema>;

/** POST /api/v1/tenants body (MinIO's `createTenantRequest`, spec 3 §7 "Tenant creation body"). */
export const createTenantRequestSchema = z
  .object({
    name: tenantNameSchema,
    namespace: namespaceNameSchema,
    image: z.string().optional(),
    pools: z.array(poolSchema).min(1, 'A tenant needs a pool'),
    access_key: z.string().optional(),
    secret_key: z.string().optional(),
    access_keys: z.array(z.string()).optional(),
    secret_keys: z.array(z.string()).optional(),
    enable_console: z.boolean().optional(),
    enable_tls: z.boolean().optional(),
    enable_prometheus: z.boolean().optional(),
    service_name: z.string().optional(),
    expose_minio: z.boolean().optional(),
    expose_console: z.boolean().optional(),
    erasureCodingParity: z.number().int().min(0).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
    labels: z.record(z.string(), z.string()).optional(),
    image_registry: imageRegistrySchema.optional(),
    image_pull_secret: z.string().optional(),
    logSearchConfiguration: z
      .object({
        storageClass: z.string().optional(),
        storageSize: z.number().optional(),
        image: z.string().optional(),
        postgres_image: z.string().optional(),
        postgres_init_image: z.string().optional(),
      })
      .optional(),
    prometheusConfiguration: z
      .object({
        storageClass: z.string().optional(),
        storageSize: z.number().optional(),
        image: z.string().optional(),
        sidecar_image: z.string().optional(),
        init_image: z.string().optional(),
      })
      .optional(),
    tls: tenantTlsSchema.optional(),
    encryption: tenantEncryptionSchema.optional(),
    idp: tenantIdpSchema.optional(),
  })
  .meta({ id: 'CreateTenantRequest' });
export type CreateTenantRequest = z.infer<typeof createTenantRequestSchema>;

/** Credentials shown once in the credentials modal (MinIO's `tenantResponseItem`). */
export const tenantCredentialSchema = z
  .object({ access_key: z.string(), secret_key: z.string() })
  .meta({ id: 'TenantCredential' });
export type TenantCredential = z.infer<typeof tenantCredentialSchema>;

/** POST /api/v1/tenants answer: the root keys first, then any built-in users' keys. */
export const createTenantResponseSchema = z
  .object({ console: z.array(tenantCredentialSchema), externalIDP: z.boolean() })
  .meta({ id: 'CreateTenantResponse' });
export type CreateTenantResponse = z.infer<typeof createTenantResponseSchema>;

/** The local driver's answer to an external KMS (Vault, AWS, Gemalto, GCP, Azure). */
export const EXTERNAL_KMS_REFUSED =
  "This operator runs tenants on this machine: encryption uses the tenant's built-in KMS. External KMS (Vault, AWS, Gemalto, GCP, Azure) is not available";
