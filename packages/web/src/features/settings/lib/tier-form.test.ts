// SPDX-License-Identifier: Apache-2.0
import { tierNameMessage } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import {
  canSaveCredentials,
  canSaveTier,
  countText,
  emptyTierForm,
  tierNameInput,
  tierNameValid,
  tierRequest,
  tierStatus,
  tierUsageText,
} from './tier-form';

const target = { name: 'COLD-1', bucket: 'b', prefix: 'p/', region: 'us-east-1' };

describe('tier form (spec 2 §5 name rule and Save, §3 payload, §9 endpoints)', () => {
  it('names are upper-cased and may hold only A-Z, 0-9, dash and underscore', () => {
    expect(tierNameInput('cold_tier-2')).toBe('COLD_TIER-2');
    expect(tierNameValid('COLD_TIER-2')).toBe(true);
    expect(tierNameValid('COLD TIER')).toBe(false);
    expect(tierNameValid('')).toBe(false);
    expect(tierNameMessage).toMatch(/^Please verify that string is uppercase only/);
  });

  it('presets the public endpoints; MinIO starts empty', () => {
    expect(emptyTierForm('minio').endpoint).toBe('');
    expect(emptyTierForm('gcs').endpoint).toBe('https://storage.googleapis.com');
  });

  it('Save needs the target fields and the credentials of the type', () => {
    const minio = { ...emptyTierForm('minio'), ...target, endpoint: 'http://remote:9000' };
    expect(canSaveTier('minio', minio)).toBe(false);
    expect(canSaveTier('minio', { ...minio, accessKey: 'a', secretKey: 's' })).toBe(true);
    expect(canSaveTier('minio', { ...minio, accessKey: 'a', secretKey: 's', region: '' })).toBe(false);
    expect(canSaveTier('minio', { ...minio, accessKey: 'a', secretKey: 's', name: 'bad name' })).toBe(false);
    const gcs = { ...emptyTierForm('gcs'), ...target };
    expect(canSaveTier('gcs', gcs)).toBe(false);
    expect(canSaveTier('gcs', { ...gcs, creds: '{"type":"service_account"}' })).toBe(true);
    const azure = { ...emptyTierForm('azure'), ...target, accountName: 'acct' };
    expect(canSaveTier('azure', azure)).toBe(false);
    expect(canSaveTier('azure', { ...azure, accountKey: 'k' })).toBe(true);
  });

  it('MinIO is sent as s3; each type carries its own credentials', () => {
    const f = { ...emptyTierForm('minio'), ...target, endpoint: 'http://r', accessKey: 'a', secretKey: 's' };
    expect(tierRequest('minio', f)).toEqual({
      type: 's3',
      s3: { ...target, endpoint: 'http://r', accesskey: 'a', secretkey: 's' },
    });
    expect(tierRequest('azure', { ...f, accountName: 'n', accountKey: 'k' })).toMatchObject({
      type: 'azure',
      azure: { accountname: 'n', accountkey: 'k' },
    });
  });

  it('Update Credentials: both keys for S3 and Azure, the file for GCS', () => {
    expect(canSaveCredentials('s3', { first: 'a', second: '', creds: '' })).toBe(false);
    expect(canSaveCredentials('azure', { first: 'a', second: 'b', creds: '' })).toBe(true);
    expect(canSaveCredentials('gcs', { first: 'a', second: 'b', creds: '' })).toBe(false);
    expect(canSaveCredentials('gcs', { first: '', second: '', creds: '{}' })).toBe(true);
  });
});

describe('tier list cells (what MinIO console shows: usage, status)', () => {
  const d = { name: 'COLD', endpoint: 'http://r', bucket: 'b', prefix: 'p/', region: '' };
  it('shows the tier stats usage in binary units, "-" when the store reported none', () => {
    expect(tierUsageText({ ...d, usage: '1572864' })).toBe('1.5 MiB');
    expect(tierUsageText({ ...d, usage: '0' })).toBe('0 B');
    expect(tierUsageText(d)).toBe('-');
    expect([countText('1', 'object'), countText('0', 'version'), countText('12', 'version')]).toEqual([
      '1 object',
      '0 versions',
      '12 versions',
    ]);
  });
  it('is Online or Offline from the verify, with the reason of an offline tier', () => {
    expect(tierStatus({ type: 's3', s3: d, status: true })).toEqual({
      label: 'Online',
      ok: true,
      reason: '',
    });
    expect(
      tierStatus({ type: 's3', s3: { ...d, error: 'Remote tier bucket not found' }, status: false }),
    ).toEqual({
      label: 'Offline',
      ok: false,
      reason: 'Remote tier bucket not found',
    });
    expect(tierStatus({ type: 'azure', azure: d }).label).toBe('Unknown');
  });
});
