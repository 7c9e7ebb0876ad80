// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { managementApis, RGW_ADMIN_OPS_FEATURES } from './management-apis.js';
import {
  GUESSED_BUCKET_FEATURES,
  RGW_ADMIN_OPS_DENIED,
  RGW_NO_ADMIN_CAPS,
  reportedCapabilities,
  rgwAdminOpsDenied,
} from './rules.js';

describe("the session's management APIs (issue 36)", () => {
  it("names what RGW's Admin Ops enable for a user with admin caps", () => {
    expect(managementApis(['versioning', 'rgw-admin'])).toEqual([
      { name: "Ceph RGW's Admin Ops", available: true, features: [...RGW_ADMIN_OPS_FEATURES] },
    ]);
  });

  it('says why they are absent for an RGW user without admin caps', () => {
    const [api] = managementApis(['versioning', RGW_NO_ADMIN_CAPS]);
    expect(api).toMatchObject({ name: "Ceph RGW's Admin Ops", available: false });
    expect(api?.reason).toContain('no admin caps');
  });

  it('lists nothing on other servers', () => {
    expect(managementApis(['admin', 'sts', 'versioning'])).toEqual([]);
    expect(managementApis(undefined)).toEqual([]);
  });

  it('keeps the bookkeeping markers out of the reported capabilities', () => {
    expect(reportedCapabilities(['versioning', RGW_NO_ADMIN_CAPS, GUESSED_BUCKET_FEATURES])).toEqual([
      'versioning',
    ]);
  });

  it("reads only RGW's own JSON refusal as RGW without admin caps", () => {
    expect(rgwAdminOpsDenied({ kind: 'error', code: RGW_ADMIN_OPS_DENIED, status: 403 })).toBe(true);
    // S3's XML AccessDenied (a bucket named "admin" elsewhere) says nothing about RGW.
    expect(rgwAdminOpsDenied({ kind: 'error', code: 'AccessDenied', status: 403 })).toBe(false);
    expect(rgwAdminOpsDenied({ kind: 'timeout' })).toBe(false);
  });
});
