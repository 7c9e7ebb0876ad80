// SPDX-License-Identifier: Apache-2.0
import {
  TENANT_KEY_MESSAGE,
  TENANT_NAME_MESSAGE,
  tenantKeySchema,
  tenantNameSchema,
} from '@stowage/contracts';
import { fileEndings } from '@/shared/operator/certificate-files';
import type {
  AffinityStep,
  CertificatePair,
  ConfigureStep,
  EncodedFile,
  EncryptionStep,
  IdentityStep,
  ImagesStep,
  SecurityStep,
} from './wizard-form';

/** Field name → the message shown under it; an empty object means the step is valid. */
export type Problems = Record<string, string>;

// Spec 3 §5 messages, word for word (including the spec's own spelling).
export const messages = {
  required: 'Field cannot be empty',
  tenantName: TENANT_NAME_MESSAGE,
  oneTenantPerNamespace: 'You can only create one tenant per namespace',
  invalidNamespace: 'Please enter a valid namespace',
  overrideVolumeSize: 'Volume size must be present and be greatter than 0',
  keys: TENANT_KEY_MESSAGE,
  adInsecure: 'Warning: All traffic with Active Directory will be unencrypted.',
  labels: 'You need to add at least one label key-pair',
  zeroOrGreater: 'Value needs to be 0 or greater',
} as const;

/** repository/name:version, optionally behind a registry host (spec 3 §5 "Custom images"). */
const imagePattern = /^[^\s/:]+(?::\d+)?(?:\/[^\s/:]+)+:[^\s/:]+$/;

/** The form each custom image must follow, as its message names it (spec 3 §5). */
export const imageFormats = {
  imageName: 'minio/minio',
  logSearchImage: 'minio/logsearchapi',
  kesImage: 'minio/kes',
  logSearchPostgresImage: 'library/postgres',
  logSearchPostgresInitImage: 'library/busybox',
  prometheusImage: 'prometheus/prometheus',
  prometheusSidecarImage: 'project/container',
  prometheusInitImage: 'library/busybox',
} as const satisfies Partial<Record<keyof ImagesStep, string>>;

export const imageFormatMessage = (form: string): string => `Format must be of form: '${form}:VERSION'`;

const blank = (v: string): boolean => v.trim() === '';

/** Adds `message` for `field` when `v` is empty. */
function requireField(problems: Problems, field: string, v: string): void {
  if (blank(v)) problems[field] = messages.required;
}

/** Tenant name (spec 3 §5): lowercase letters, digits and '-', 3 to 63 characters. */
export function tenantNameProblem(name: string): string | undefined {
  if (name === '') return messages.required;
  return tenantNameSchema.safeParse(name).success ? undefined : messages.tenantName;
}

/** What the wizard knows about the chosen namespace from the server (spec 3 §4, §5). */
export type NamespaceCheck = 'unknown' | 'checking' | 'ok' | 'has-tenant' | 'invalid';

export function namespaceProblem(namespace: string, check: NamespaceCheck): string | undefined {
  if (namespace.trim() === '') return messages.required;
  if (check === 'has-tenant') return messages.oneTenantPerNamespace;
  if (check === 'invalid') return messages.invalidNamespace;
  return undefined;
}

/** Configure: the Log Search and Prometheus overrides need a storage class and a size above 0. */
export function configureProblems(c: ConfigureStep): Problems {
  const problems: Problems = {};
  const override = (on: boolean, classField: string, cls: string, sizeField: string, size: string) => {
    if (!on) return;
    requireField(problems, classField, cls);
    const n = Number(size);
    if (blank(size) || !Number.isFinite(n) || n <= 0) problems[sizeField] = messages.overrideVolumeSize;
  };
  override(
    c.logSearchCustom,
    'logSearchStorageClass',
    c.logSearchStorageClass,
    'logSearchVolumeSize',
    c.logSearchVolumeSize,
  );
  override(
    c.prometheusCustom,
    'prometheusStorageClass',
    c.prometheusStorageClass,
    'prometheusVolumeSize',
    c.prometheusVolumeSize,
  );
  return problems;
}

/** Images: each custom image empty or repository/name:version; a registry needs all three fields. */
export function imagesProblems(i: ImagesStep): Problems {
  const problems: Problems = {};
  for (const [field, form] of Object.entries(imageFormats) as [keyof typeof imageFormats, string][]) {
    const v = i[field].trim();
    if (v !== '' && !imagePattern.test(v)) problems[field] = imageFormatMessage(form);
  }
  if (i.customDockerhub) {
    requireField(problems, 'imageRegistry', i.imageRegistry);
    requireField(problems, 'imageRegistryUsername', i.imageRegistryUsername);
    requireField(problems, 'imageRegistryPassword', i.imageRegistryPassword);
  }
  return problems;
}

/** Pod Placement: a node selector needs at least one complete label pair. */
export function affinityProblems(a: AffinityStep): Problems {
  if (a.podAffinity !== 'nodeSelector') return {};
  const complete = a.nodeSelectorLabels.filter((l) => !blank(l.key) && !blank(l.value));
  return complete.length === 0 ? { labels: messages.labels } : {};
}

/** A key of the built-in keys rows (spec 3 §5): required, 8–63 letters, digits or '-'. */
export function keyProblem(v: string): string | undefined {
  if (v === '') return messages.required;
  return tenantKeySchema.safeParse(v).success ? undefined : messages.keys;
}

/** Identity Provider: built-in keys rows, OpenID's four required fields, AD's address and user DNs. */
export function identityProblems(idp: IdentityStep): Problems {
  const problems: Problems = {};
  if (idp.idpSelection === 'Built-in') {
    idp.keys.forEach((row, i) => {
      const a = keyProblem(row.accessKey);
      const s = keyProblem(row.secretKey);
      if (a) problems[`accessKey-${i}`] = a;
      if (s) problems[`secretKey-${i}`] = s;
    });
  } else if (idp.idpSelection === 'OpenID') {
    requireField(problems, 'configurationURL', idp.openID.configurationURL);
    requireField(problems, 'clientID', idp.openID.clientID);
    requireField(problems, 'secretID', idp.openID.secretID);
    requireField(problems, 'claimName', idp.openID.claimName);
  } else {
    requireField(problems, 'url', idp.ad.url);
    idp.ad.userDNs.forEach((dn, i) => {
      requireField(problems, `userDN-${i}`, dn.value);
    });
  }
  return problems;
}

/** Spec 3 §5: security is valid when TLS is off, or autocert or custom certificates are on. */
export function securityProblems(s: SecurityStep): Problems {
  return !s.enableTLS || s.enableAutoCert || s.enableCustomCerts
    ? {}
    : { security: 'Turn on AutoCert or Custom Certificates, or turn TLS off.' };
}

const pairComplete = (p: CertificatePair): boolean => p.crt.value !== '' && p.key.value !== '';

/**
 * Spec 3 §4: encryption can be turned on only with TLS on and either autocert or a complete custom
 * certificate pair.
 */
export function encryptionAllowed(s: SecurityStep): boolean {
  return s.enableTLS && (s.enableAutoCert || (s.enableCustomCerts && s.minioCertificates.some(pairComplete)));
}

function nonNegative(problems: Problems, field: string, v: string): void {
  const n = Number(v);
  if (blank(v) || !Number.isFinite(n) || n < 0) problems[field] = messages.zeroOrGreater;
}

/** Encryption (spec 3 §5): KES certificates unless autocert, then the chosen KMS's required fields. */
export function encryptionProblems(e: EncryptionStep, security: SecurityStep): Problems {
  const problems: Problems = {};
  if (!e.enableEncryption) return problems;
  if (!security.enableAutoCert || e.enableCustomCertsForKES) {
    const pair = (prefix: string, p: CertificatePair) => {
      if (p.crt.value === '') problems[`${prefix}Crt`] = messages.required;
      if (p.key.value === '') problems[`${prefix}Key`] = messages.required;
    };
    pair('server', e.serverCert);
    pair('client', e.clientCert);
  }
  switch (e.encryptionType) {
    case 'vault':
      requireField(problems, 'vault.endpoint', e.vault.endpoint);
      requireField(problems, 'vault.approleId', e.vault.approleId);
      requireField(problems, 'vault.approleSecret', e.vault.approleSecret);
      nonNegative(problems, 'vault.approleRetry', e.vault.approleRetry);
      nonNegative(problems, 'vault.statusPing', e.vault.statusPing);
      break;
    case 'aws':
      requireField(problems, 'aws.endpoint', e.aws.endpoint);
      requireField(problems, 'aws.region', e.aws.region);
      requireField(problems, 'aws.accessKey', e.aws.accessKey);
      requireField(problems, 'aws.secretKey', e.aws.secretKey);
      break;
    case 'gemalto':
      requireField(problems, 'gemalto.endpoint', e.gemalto.endpoint);
      requireField(problems, 'gemalto.token', e.gemalto.token);
      requireField(problems, 'gemalto.domain', e.gemalto.domain);
      nonNegative(problems, 'gemalto.retry', e.gemalto.retry);
      break;
    case 'azure':
      requireField(problems, 'azure.endpoint', e.azure.endpoint);
      requireField(problems, 'azure.tenantId', e.azure.tenantId);
      requireField(problems, 'azure.clientId', e.azure.clientId);
      requireField(problems, 'azure.clientSecret', e.azure.clientSecret);
      break;
    case 'gcp':
      break;
  }
  return problems;
}

/** Whether a picked file's name has one of the accepted endings. */
export function fileAccepted(fileName: string, kind: 'cert' | 'key'): boolean {
  const endings: readonly string[] = fileEndings[kind];
  const lower = fileName.toLowerCase();
  return endings.some((e) => lower.endsWith(e));
}

/** The message for a file whose ending is not accepted. */
export function fileProblem(file: EncodedFile, kind: 'cert' | 'key'): string | undefined {
  if (file.fileName === '' || fileAccepted(file.fileName, kind)) return undefined;
  return `Choose a ${fileEndings[kind].join(', ')} file`;
}
