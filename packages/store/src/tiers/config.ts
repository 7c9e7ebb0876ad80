// SPDX-License-Identifier: Apache-2.0
import type { TierConfig, TierCreds } from '@stowage/madmin';
import { S3Error } from '../core/errors.js';
import type { TierDriver } from './drivers/driver.js';

/**
 * Tier configurations as madmin-go sends them: name rule, the settings each type needs, secrets
 * redacted in listings, credential edits. The settings live under the key of their type (`S3`,
 * `Azure`, `GCS`, `MinIO`).
 */

export const REDACTED = 'REDACTED';
const NAME = /^[A-Z0-9_-]+$/;
/** Storage class names of the store itself cannot name a tier. */
const RESERVED = new Set(['STANDARD', 'REDUCED_REDUNDANCY', 'RRS']);

type Settings = Record<string, string | boolean | undefined>;

/** The settings object of a config's type. */
export function settingsOf(c: TierConfig): Settings {
  const s = c.Type === 's3' ? c.S3 : c.Type === 'azure' ? c.Azure : c.Type === 'gcs' ? c.GCS : c.MinIO;
  return (s ?? {}) as Settings;
}

/** Throws MinIO's admin error for a tier config that cannot be used (before any remote check). */
export function validateTierConfig(c: Partial<TierConfig>): asserts c is TierConfig {
  const name = c.Name ?? '';
  if (name === '') throw new S3Error('XMinioAdminTierInvalidConfig', 'The tier needs a name');
  if (!NAME.test(name))
    throw new S3Error(
      'XMinioAdminTierNameNotUpperCase',
      'Tier name must be in uppercase: letters A-Z, digits, - and _',
    );
  if (RESERVED.has(name))
    throw new S3Error('XMinioAdminTierInvalidConfig', `${name} is a reserved storage class name`);
  if (!c.Type || !['s3', 'azure', 'gcs', 'minio'].includes(c.Type))
    throw new S3Error('XMinioAdminTierInvalidConfig', `Unknown tier type ${String(c.Type)}`);
  const s = settingsOf(c as TierConfig);
  if (!s.Bucket) throw new S3Error('XMinioAdminTierInvalidConfig', 'The tier needs a remote bucket');
  if (c.Type === 'minio' && !s.Endpoint)
    throw new S3Error('XMinioAdminTierInvalidConfig', 'A MinIO tier needs an endpoint');
  if (s.Endpoint) {
    try {
      const u = new URL(String(s.Endpoint));
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    } catch {
      throw new S3Error(
        'XMinioAdminTierInvalidConfig',
        `The endpoint ${String(s.Endpoint)} is not an http(s) URL`,
      );
    }
  }
  const missing =
    c.Type === 'azure'
      ? !s.AccountName || !s.AccountKey
      : c.Type === 'gcs'
        ? !s.Creds
        : !s.AccessKey || !s.SecretKey;
  if (missing) throw new S3Error('XMinioAdminTierMissingCredentials');
}

/** The config as `GET /tier` shows it: secrets replaced by REDACTED. */
export function redacted(c: TierConfig): TierConfig {
  const s = { ...settingsOf(c) };
  for (const k of ['SecretKey', 'AccountKey', 'Creds']) if (s[k]) s[k] = REDACTED;
  const key = c.Type === 's3' ? 'S3' : c.Type === 'azure' ? 'Azure' : c.Type === 'gcs' ? 'GCS' : 'MinIO';
  return { Version: c.Version, Type: c.Type, Name: c.Name, [key]: s } as TierConfig;
}

/** The config with new credentials (access/secret for S3 and MinIO, account key for Azure, creds for GCS). */
export function withCredentials(c: TierConfig, creds: Partial<TierCreds>): TierConfig {
  const s = { ...settingsOf(c) };
  if (c.Type === 'gcs') {
    if (!creds.creds) throw new S3Error('XMinioAdminTierMissingCredentials');
    s.Creds = creds.creds;
  } else if (c.Type === 'azure') {
    if (!creds.secret) throw new S3Error('XMinioAdminTierMissingCredentials');
    if (creds.access) s.AccountName = creds.access;
    s.AccountKey = creds.secret;
  } else {
    if (!creds.access || !creds.secret) throw new S3Error('XMinioAdminTierMissingCredentials');
    s.AccessKey = creds.access;
    s.SecretKey = creds.secret;
  }
  const key = c.Type === 's3' ? 'S3' : c.Type === 'azure' ? 'Azure' : c.Type === 'gcs' ? 'GCS' : 'MinIO';
  return { ...c, [key]: s } as TierConfig;
}

/** Builds the driver of a tier config (drivers load their client library on first use). */
export async function driverFor(c: TierConfig): Promise<TierDriver> {
  const s = settingsOf(c) as Record<string, string | undefined>;
  if (c.Type === 'azure') return (await import('./drivers/azure.js')).azureDriver(s);
  if (c.Type === 'gcs') return (await import('./drivers/gcs.js')).gcsDriver(s);
  return (await import('./drivers/s3.js')).s3Driver(s);
}
