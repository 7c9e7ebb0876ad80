// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { fromBytes, toBytes } from '@/shared/format/size-units';
import {
  canSaveCreateBucket,
  createBucketDefaults,
  toCreateBucketRequest,
  updateCreateBucketForm,
} from './create-bucket-form';

describe('create-bucket form (spec 1 §4, §5, §9)', () => {
  it('starts from the documented defaults', () => {
    expect(createBucketDefaults).toMatchObject({
      name: '',
      versioning: false,
      locking: false,
      quotaEnabled: false,
      quotaType: 'hard',
      quotaSize: '1',
      quotaUnit: 'TiB',
      retentionEnabled: false,
      retentionMode: 'compliance',
      retentionUnit: 'days',
      retentionValidity: '1',
    });
  });

  it('enables Save only for a non-empty trimmed name, a non-zero quota and a validity of at least 1', () => {
    const f = createBucketDefaults;
    expect(canSaveCreateBucket(f, '')).toBe(false);
    expect(canSaveCreateBucket(f, '   ')).toBe(false);
    expect(canSaveCreateBucket(f, 'photos')).toBe(true);
    expect(canSaveCreateBucket({ ...f, quotaEnabled: true, quotaSize: '' }, 'photos')).toBe(false);
    expect(canSaveCreateBucket({ ...f, quotaEnabled: true, quotaSize: '0' }, 'photos')).toBe(false);
    expect(canSaveCreateBucket({ ...f, quotaEnabled: true, quotaSize: '2' }, 'photos')).toBe(true);
    const withRetention = updateCreateBucketForm({ ...f, versioning: true }, { retentionEnabled: true });
    expect(canSaveCreateBucket({ ...withRetention, retentionValidity: '0' }, 'photos')).toBe(false);
    expect(canSaveCreateBucket({ ...withRetention, retentionValidity: 'abc' }, 'photos')).toBe(false);
    expect(canSaveCreateBucket({ ...withRetention, retentionValidity: '1' }, 'photos')).toBe(true);
  });

  it('retention forces locking on and keeps it on; versioning off clears retention', () => {
    let f = updateCreateBucketForm(createBucketDefaults, { versioning: true });
    f = updateCreateBucketForm(f, {
      retentionEnabled: true,
      retentionValidity: '30',
      retentionMode: 'governance',
    });
    expect(f.locking).toBe(true);
    expect(updateCreateBucketForm(f, { locking: false }).locking).toBe(true);
    f = updateCreateBucketForm(f, { versioning: false });
    expect(f).toMatchObject({ retentionEnabled: false, retentionValidity: '1', retentionMode: 'compliance' });
  });

  it('builds the request in bytes (base 1024) and sends only the name outside distributed mode', () => {
    let f = updateCreateBucketForm(createBucketDefaults, {
      versioning: true,
      quotaEnabled: true,
      quotaSize: '2',
      quotaUnit: 'GiB',
    });
    f = updateCreateBucketForm(f, { retentionEnabled: true, retentionValidity: '3', retentionUnit: 'years' });
    expect(toCreateBucketRequest(f, '  photos ', true)).toEqual({
      name: 'photos',
      versioning: true,
      locking: true,
      quota: { enabled: true, quota_type: 'hard', amount: 2 * 1024 ** 3 },
      retention: { mode: 'compliance', unit: 'years', validity: 3 },
    });
    expect(toCreateBucketRequest(f, 'photos', false)).toEqual({
      name: 'photos',
      versioning: false,
      locking: false,
    });
  });

  it('sends a chosen Object Ownership in every mode and leaves it out for the server default', () => {
    const f = { ...createBucketDefaults, objectOwnership: 'ObjectWriter' as const };
    expect(toCreateBucketRequest(f, 'acl', false)).toEqual({
      name: 'acl',
      versioning: false,
      locking: false,
      objectOwnership: 'ObjectWriter',
    });
    expect(toCreateBucketRequest(createBucketDefaults, 'acl', true)).not.toHaveProperty('objectOwnership');
  });

  it('converts sizes both ways with binary units', () => {
    expect(toBytes(1, 'TiB')).toBe(1099511627776);
    expect(toBytes(1.5, 'KiB')).toBe(1536);
    expect(fromBytes(1024 ** 3)).toEqual({ amount: 1, unit: 'GiB' });
    expect(fromBytes(3 * 1024 ** 2)).toEqual({ amount: 3, unit: 'MiB' });
    expect(fromBytes(1536)).toEqual({ amount: 2, unit: 'KiB' });
  });
});
