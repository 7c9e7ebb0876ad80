// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { rgwQuotaForm, rgwQuotaFromForm, rgwUserFormProblems } from './rgw-user-form';

const good = { uid: 'alice', displayName: 'Alice', email: '', maxBuckets: '1000' };

describe('the Create RGW User form', () => {
  it('accepts a tenant user and an empty email, and names each wrong field', () => {
    expect(rgwUserFormProblems(good)).toEqual({});
    expect(rgwUserFormProblems({ ...good, uid: 'acme$alice', email: 'a@example.com' })).toEqual({});
    expect(rgwUserFormProblems({ uid: ' ', displayName: '', email: 'nope', maxBuckets: '-2' })).toEqual({
      uid: 'User ID is required',
      displayName: 'Display name is required',
      email: 'Not an email address',
      maxBuckets: 'A whole number, -1 or more',
    });
    expect(rgwUserFormProblems({ ...good, uid: 'a b' }).uid).toMatch(/^User ID: letters, digits/);
    expect(rgwUserFormProblems({ ...good, maxBuckets: '1.5' }).maxBuckets).toBeDefined();
  });
});

describe('the RGW quota form', () => {
  it('shows a kept quota in the largest whole unit and an unset one as unlimited', () => {
    expect(rgwQuotaForm({ enabled: true, maxSizeBytes: 10 * 1024 ** 2, maxObjects: -1 })).toEqual({
      enabled: true,
      sizeUnlimited: false,
      size: '10',
      unit: 'MiB',
      objectsUnlimited: true,
      objects: '1000',
    });
    expect(rgwQuotaForm(null)).toMatchObject({ enabled: false, sizeUnlimited: true, objectsUnlimited: true });
  });

  it('sends -1 for an unlimited kind and refuses sizes and counts RGW would not take', () => {
    const form = rgwQuotaForm({ enabled: true, maxSizeBytes: 2 * 1024 ** 3, maxObjects: 2 });
    expect(rgwQuotaFromForm(form)).toEqual({
      quota: { enabled: true, maxSizeBytes: 2 * 1024 ** 3, maxObjects: 2 },
    });
    expect(rgwQuotaFromForm({ ...form, sizeUnlimited: true, objectsUnlimited: true })).toEqual({
      quota: { enabled: true, maxSizeBytes: -1, maxObjects: -1 },
    });
    expect(rgwQuotaFromForm({ ...form, size: '0' })).toEqual({ problem: 'The size must be more than 0' });
    expect(rgwQuotaFromForm({ ...form, objects: '-3' })).toHaveProperty('problem');
  });
});
