// SPDX-License-Identifier: Apache-2.0
import type { CreateTenantRequest, TenantPool } from '@stowage/contracts';
import { EXTERNAL_KMS_REFUSED, sizingMessages } from '@stowage/contracts';
import { OperatorError } from '../driver.js';
import { GI } from '../quantity.js';
import { parityChoices } from '../sizing.js';
import type { StoredPool } from './files.js';

/** A requested pool as stored, named `pool-{index}` when unnamed; throws on what the wizard forbids. */
export function toStoredPool(
  p: TenantPool,
  index: number,
  classes: readonly string[],
  minVolumeSize = GI,
): StoredPool {
  const storageClass = p.volume_configuration.storage_class_name || classes[0] || 'standard';
  if (!classes.includes(storageClass)) {
    throw new OperatorError(
      400,
      'Please enter a valid namespace',
      `Storage class ${storageClass} does not exist (${classes.join(', ')})`,
    );
  }
  if (p.volume_configuration.size < minVolumeSize) throw new OperatorError(400, sizingMessages.poolSize);
  return {
    name: p.name && p.name !== '' ? p.name : `pool-${index}`,
    servers: p.servers,
    volumes_per_server: p.volumes_per_server,
    size: p.volume_configuration.size,
    storageClass,
  };
}

/** Checks the parity against the first pool's erasure set (MinIO's rule); returns the env that sets it. */
export function parityEnv(parity: number | undefined, pool: StoredPool): Record<string, string> {
  if (parity === undefined || parity === 0) return {};
  const choices = parityChoices(pool.servers, pool.volumes_per_server) ?? [];
  if (!choices.includes(`EC:${parity}`)) {
    throw new OperatorError(
      400,
      sizingMessages.invalid,
      `Parity EC:${parity} is not possible with ${pool.servers} servers × ${pool.volumes_per_server} volumes (choices: ${choices.join(', ') || 'none'})`,
    );
  }
  return { MINIO_STORAGE_CLASS_STANDARD: `EC:${parity}` };
}

/** The tenant's identity settings as MinIO's `identity_openid`/`identity_ldap` environment variables. */
export function identityEnv(idp: CreateTenantRequest['idp']): Record<string, string> {
  const env: Record<string, string> = {};
  const oidc = idp?.oidc;
  if (oidc) {
    env.MINIO_IDENTITY_OPENID_CONFIG_URL = oidc.configuration_url;
    env.MINIO_IDENTITY_OPENID_CLIENT_ID = oidc.client_id;
    env.MINIO_IDENTITY_OPENID_CLIENT_SECRET = oidc.secret_id;
    env.MINIO_IDENTITY_OPENID_CLAIM_NAME = oidc.claim_name;
    if (oidc.scopes) env.MINIO_IDENTITY_OPENID_SCOPES = oidc.scopes;
    if (oidc.callback_url) env.MINIO_IDENTITY_OPENID_REDIRECT_URI = oidc.callback_url;
  }
  const ad = idp?.active_directory;
  if (ad) {
    const set = (key: string, value: string | undefined): void => {
      if (value !== undefined && value !== '') env[`MINIO_IDENTITY_LDAP_${key}`] = value;
    };
    set('SERVER_ADDR', ad.url);
    set('LOOKUP_BIND_DN', ad.lookup_bind_dn);
    set('LOOKUP_BIND_PASSWORD', ad.lookup_bind_password);
    set('USER_DN_SEARCH_BASE_DN', ad.user_dn_search_base_dn);
    set('USER_DN_SEARCH_FILTER', ad.user_dn_search_filter ?? ad.username_search_filter);
    set('GROUP_SEARCH_BASE_DN', ad.group_search_base_dn);
    set('GROUP_SEARCH_FILTER', ad.group_search_filter);
    set('TLS_SKIP_VERIFY', ad.skip_tls_verification ? 'on' : undefined);
    set('SERVER_INSECURE', ad.server_insecure ? 'on' : undefined);
    set('SERVER_STARTTLS', ad.server_start_tls ? 'on' : undefined);
  }
  return env;
}

/** The local driver has the tenant's built-in KMS only: an external KMS is refused. */
export function refuseExternalKms(encryption: CreateTenantRequest['encryption']): void {
  if (!encryption) return;
  const named = (['vault', 'aws', 'gemalto', 'gcp', 'azure'] as const).filter(
    (k) => encryption[k] !== undefined,
  );
  if (named.length > 0) {
    throw new OperatorError(
      400,
      EXTERNAL_KMS_REFUSED,
      `${EXTERNAL_KMS_REFUSED} (asked for: ${named.join(', ')}).`,
    );
  }
}
