// SPDX-License-Identifier: Apache-2.0
import {
  type AddTierRequest,
  type Tier,
  type TierDetails,
  type TierType,
  tierNamePattern,
} from '@stowage/contracts';
import { formatBytes } from '@/shared/format/format-bytes';

/** The kinds the Add Tier flow offers (spec 2 "Settings" → Tiers). */
export const tierKinds = [
  { kind: 'minio', label: 'MinIO' },
  { kind: 'gcs', label: 'Google Cloud Storage' },
  { kind: 's3', label: 'AWS S3' },
  { kind: 'azure', label: 'Azure' },
] as const satisfies ReadonlyArray<{ kind: TierType; label: string }>;

/** Preset endpoints (spec 2 §9): GCS, S3 and Azure have public ones; MinIO starts empty. */
export const defaultTierEndpoint: Record<TierType, string> = {
  minio: '',
  s3: 'https://s3.amazonaws.com',
  gcs: 'https://storage.googleapis.com',
  azure: 'https://blob.core.windows.net',
};

export interface TierForm {
  name: string;
  endpoint: string;
  bucket: string;
  prefix: string;
  region: string;
  accessKey: string;
  secretKey: string;
  storageClass: string;
  /** GCS: the text of the chosen credentials .json file. */
  creds: string;
  accountName: string;
  accountKey: string;
}

export function emptyTierForm(kind: TierType): TierForm {
  return {
    name: '',
    endpoint: defaultTierEndpoint[kind],
    bucket: '',
    prefix: '',
    region: '',
    accessKey: '',
    secretKey: '',
    storageClass: '',
    creds: '',
    accountName: '',
    accountKey: '',
  };
}

/** Tier names are forced to upper case (spec 2 §5). */
export const tierNameInput = (text: string): string => text.toUpperCase();

/** The name rule of spec 2 §5 (after the upper-casing). */
export const tierNameValid = (name: string): boolean => tierNamePattern.test(name);

const filled = (...v: string[]): boolean => v.every((s) => s.trim() !== '');

/**
 * Save of the Add Tier form (spec 2 §5): a valid name; endpoint, bucket, prefix and region; then per type
 * S3/MinIO both keys, GCS the credentials file, Azure the account name and key.
 */
export function canSaveTier(kind: TierType, f: TierForm): boolean {
  if (!tierNameValid(f.name) || !filled(f.endpoint, f.bucket, f.prefix, f.region)) return false;
  if (kind === 'gcs') return filled(f.creds);
  if (kind === 'azure') return filled(f.accountName, f.accountKey);
  return filled(f.accessKey, f.secretKey);
}

/** The POST body (spec 2 §3): MinIO is sent as s3. */
export function tierRequest(kind: TierType, f: TierForm): AddTierRequest {
  const target = {
    name: f.name,
    endpoint: f.endpoint.trim(),
    bucket: f.bucket.trim(),
    prefix: f.prefix.trim(),
    region: f.region.trim(),
  };
  if (kind === 'gcs') return { type: 'gcs', gcs: { ...target, creds: f.creds } };
  if (kind === 'azure') {
    return { type: 'azure', azure: { ...target, accountname: f.accountName, accountkey: f.accountKey } };
  }
  return {
    type: 's3',
    s3: {
      ...target,
      accesskey: f.accessKey,
      secretkey: f.secretKey,
      ...(f.storageClass.trim() ? { storageclass: f.storageClass.trim() } : {}),
    },
  };
}

/** Save of Update Credentials (spec 2 §5): S3/MinIO or Azure both fields; GCS the file. */
export function canSaveCredentials(
  kind: TierType,
  c: { first: string; second: string; creds: string },
): boolean {
  return kind === 'gcs' ? filled(c.creds) : filled(c.first, c.second);
}

/** A listed tier's usage from the store's tier stats: bytes in binary units, or "-" when not reported. */
export function tierUsageText(details: TierDetails): string {
  if (details.usage === undefined) return '-';
  const bytes = Number(details.usage);
  return Number.isFinite(bytes) ? formatBytes(bytes) : '-';
}

/** Online/Offline as MinIO's console shows a tier's verify, with the reason of an offline tier. */
export function tierStatus(tier: Tier): { label: string; ok: boolean | null; reason: string } {
  const reason = tier[tier.type]?.error ?? '';
  if (tier.status === undefined) return { label: 'Unknown', ok: null, reason };
  return { label: tier.status ? 'Online' : 'Offline', ok: tier.status, reason };
}

/** "1 object", "3 versions": a tier stats count (a decimal string) with its noun. */
export function countText(count: string, noun: string): string {
  return `${count} ${noun}${count === '1' ? '' : 's'}`;
}
