// SPDX-License-Identifier: Apache-2.0
import type { CreateTenantRequest, TenantEncryption, TenantIdp } from '@stowage/contracts';
import { gi, parityNumber } from './sizing';
import type { EncryptionStep, IdentityStep, WizardForm } from './wizard-form';

const opt = (v: string): string | undefined => (v.trim() === '' ? undefined : v.trim());
const int = (v: string): number => Number.parseInt(v, 10);

function idpOf(idp: IdentityStep): TenantIdp {
  if (idp.idpSelection === 'OpenID') {
    const o = idp.openID;
    return {
      oidc: {
        configuration_url: o.configurationURL,
        client_id: o.clientID,
        secret_id: o.secretID,
        claim_name: o.claimName,
        callback_url: opt(o.callbackURL),
        scopes: opt(o.scopes),
      },
    };
  }
  if (idp.idpSelection === 'AD') {
    const a = idp.ad;
    return {
      active_directory: {
        url: a.url,
        skip_tls_verification: a.skipTLS,
        server_insecure: a.serverInsecure,
        server_start_tls: a.startTLS,
        username_format: opt(a.usernameFormat),
        username_search_filter: opt(a.usernameSearchFilter),
        group_search_base_dn: opt(a.groupSearchBaseDN),
        group_search_filter: opt(a.groupSearchFilter),
        group_name_attribute: opt(a.groupNameAttribute),
        user_dns: a.userDNs.map((d) => d.value),
        lookup_bind_dn: opt(a.lookupBindDN),
        lookup_bind_password: opt(a.lookupBindPassword),
        user_dn_search_base_dn: opt(a.userDNSearchBaseDN),
        user_dn_search_filter: opt(a.userDNSearchFilter),
      },
    };
  }
  return { keys: idp.keys.map((k) => ({ access_key: k.accessKey, secret_key: k.secretKey })) };
}

/** Spec 3 §7 `encryption`: the KES pairs (unless autocert) and the chosen KMS's block. */
function encryptionOf(e: EncryptionStep, autoCert: boolean): TenantEncryption {
  const out: TenantEncryption = {};
  if (!autoCert || e.enableCustomCertsForKES) {
    out.server = { crt: e.serverCert.crt.value, key: e.serverCert.key.value };
    out.client = { crt: e.clientCert.crt.value, key: e.clientCert.key.value };
  }
  switch (e.encryptionType) {
    case 'vault':
      out.vault = {
        endpoint: e.vault.endpoint,
        engine: opt(e.vault.engine),
        namespace: opt(e.vault.namespace),
        prefix: opt(e.vault.prefix),
        approle: {
          engine: opt(e.vault.approleEngine),
          id: e.vault.approleId,
          secret: e.vault.approleSecret,
          retry: int(e.vault.approleRetry),
        },
        status: { ping: int(e.vault.statusPing) },
      };
      break;
    case 'aws':
      out.aws = {
        secretsmanager: {
          endpoint: e.aws.endpoint,
          region: e.aws.region,
          kmskey: opt(e.aws.kmskey),
          credentials: { accesskey: e.aws.accessKey, secretkey: e.aws.secretKey, token: opt(e.aws.token) },
        },
      };
      break;
    case 'gemalto':
      out.gemalto = {
        keysecure: {
          endpoint: e.gemalto.endpoint,
          credentials: { token: e.gemalto.token, domain: e.gemalto.domain, retry: int(e.gemalto.retry) },
        },
      };
      break;
    case 'gcp':
      out.gcp = {
        secretmanager: {
          project_id: e.gcp.projectId,
          endpoint: opt(e.gcp.endpoint),
          credentials: {
            client_email: opt(e.gcp.clientEmail),
            client_id: opt(e.gcp.clientId),
            private_key_id: opt(e.gcp.privateKeyId),
            private_key: opt(e.gcp.privateKey),
          },
        },
      };
      break;
    case 'azure':
      out.azure = {
        keyvault: {
          endpoint: e.azure.endpoint,
          credentials: {
            tenant_id: e.azure.tenantId,
            client_id: e.azure.clientId,
            client_secret: e.azure.clientSecret,
          },
        },
      };
      break;
  }
  return out;
}

/**
 * The creation body (spec 3 §7 "Tenant creation body") from the form and the computed volume size. Outside
 * advanced mode the advanced steps keep their defaults, so only what the Setup step chose differs.
 */
export function buildCreateTenantRequest(f: WizardForm, pvSize: number): CreateTenantRequest {
  const { nameTenant: n, tenantSize: size, configure: c, images: i, affinity: a, security: s } = f;
  const memory = Number(size.memoryNode) * gi;
  const labels = a.nodeSelectorLabels.filter((l) => l.key.trim() && l.value.trim());
  const pool: CreateTenantRequest['pools'][number] = {
    name: 'pool-0',
    servers: Number(size.nodes),
    volumes_per_server: Number(size.drivesPerServer),
    volume_configuration: { size: pvSize, storage_class_name: n.selectedStorageClass },
    resources: { requests: { memory }, limits: { memory } },
  };
  if (a.podAffinity === 'nodeSelector') {
    pool.node_selector = Object.fromEntries(labels.map((l) => [l.key.trim(), l.value.trim()]));
  }
  if (a.podAffinity === 'default' || (a.podAffinity === 'nodeSelector' && a.withPodAntiAffinity)) {
    pool.affinity = {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          {
            labelSelector: {
              matchExpressions: [{ key: 'v1.min.io/tenant', operator: 'In', values: [n.tenantName] }],
            },
            topologyKey: 'kubernetes.io/hostname',
          },
        ],
      },
    };
  }
  const parity = parityNumber(size.ecParity);
  const body: CreateTenantRequest = {
    name: n.tenantName,
    namespace: n.namespace,
    access_key: '',
    secret_key: '',
    access_keys: [],
    secret_keys: [],
    enable_tls: s.enableTLS && s.enableAutoCert,
    enable_console: true,
    enable_prometheus: true,
    service_name: '',
    image: opt(i.imageName) ?? '',
    expose_minio: c.exposeMinIO,
    expose_console: c.exposeConsole,
    pools: [pool],
    ...(Number.isInteger(parity) ? { erasureCodingParity: parity } : {}),
    logSearchConfiguration: {
      ...(c.logSearchCustom
        ? { storageClass: c.logSearchStorageClass, storageSize: Number(c.logSearchVolumeSize) }
        : {}),
      image: opt(i.logSearchImage),
      postgres_image: opt(i.logSearchPostgresImage),
      postgres_init_image: opt(i.logSearchPostgresInitImage),
    },
    prometheusConfiguration: {
      ...(c.prometheusCustom
        ? { storageClass: c.prometheusStorageClass, storageSize: Number(c.prometheusVolumeSize) }
        : {}),
      image: opt(i.prometheusImage),
      sidecar_image: opt(i.prometheusSidecarImage),
      init_image: opt(i.prometheusInitImage),
    },
    idp: idpOf(f.identityProvider),
  };
  if (i.customDockerhub) {
    body.image_registry = {
      registry: i.imageRegistry,
      username: i.imageRegistryUsername,
      password: i.imageRegistryPassword,
    };
  }
  if (s.enableTLS && s.enableCustomCerts) {
    body.tls = {
      minio: s.minioCertificates
        .filter((p) => p.crt.value && p.key.value)
        .map((p) => ({ crt: p.crt.value, key: p.key.value })),
      ca_certificates: s.caCertificates.filter((ca) => ca.value).map((ca) => ca.value),
    };
  }
  if (f.encryption.enableEncryption) {
    body.encryption = { ...encryptionOf(f.encryption, s.enableAutoCert), image: opt(i.kesImage) };
  }
  return body;
}
