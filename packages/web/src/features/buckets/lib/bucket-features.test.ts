// SPDX-License-Identifier: Apache-2.0
import { capabilityNames } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { absentSettings, bucketFeatures, createBucketOptions } from './bucket-features';

describe('bucket settings per server (issue 24)', () => {
  it('MinIO distributed: everything; on one drive: the erasure-coded settings disabled, not hidden', () => {
    const full = bucketFeatures([...capabilityNames], true);
    expect(Object.values({ ...full, erasureNotice: true }).every(Boolean)).toBe(true);
    expect(full.erasureNotice).toBe(false);
    const single = bucketFeatures([...capabilityNames], false);
    expect(single).toMatchObject({ versioning: false, quota: false, erasureNotice: true, encryption: true });
    expect(createBucketOptions(single)).toEqual({ versioning: true, locking: true, quota: true });
  });

  it('MinIO (admin API) follows spec 1 whatever the probes said: the store lacks ?lifecycle yet', () => {
    const store = bucketFeatures(
      ['admin', 'sts', 'versioning', 'object-lock', 'tagging', 'encryption'],
      true,
    );
    expect(store).toEqual({
      ...bucketFeatures([...capabilityNames], true),
      publicAccessBlock: false,
      ownershipControls: false,
    });
  });

  it('the public access block and Object Ownership follow their probes even beside the admin API', () => {
    const store = bucketFeatures(['admin', 'public-access-block', 'ownership-controls'], true);
    expect(store).toMatchObject({ publicAccessBlock: true, ownershipControls: true });
    expect(bucketFeatures(['admin', 'ownership-controls'], true)).toMatchObject({
      publicAccessBlock: false,
      ownershipControls: true,
    });
  });

  it('a session from before detection counts as having every capability', () => {
    expect(bucketFeatures(undefined, true)).toEqual(bucketFeatures([...capabilityNames], true));
  });

  it('Ceph RGW: versioning, locking, lifecycle, events, policy, CORS, public access block; no encryption, ownership, quota, replication, usage or audit', () => {
    // The capabilities Ceph 16's probes give (issue 36): ?encryption lists the bucket there.
    const rgw = bucketFeatures(
      [
        'versioning',
        'object-lock',
        'tagging',
        'lifecycle',
        'notifications',
        'policy',
        'cors',
        'public-access-block',
        'topics',
      ],
      false,
    );
    expect(rgw).toEqual({
      versioning: true,
      objectLocking: true,
      retention: true,
      quota: false,
      replication: false,
      encryption: false,
      usage: false,
      events: true,
      lifecycle: true,
      accessAudit: false,
      policy: true,
      cors: true,
      tagging: true,
      publicAccessBlock: true,
      ownershipControls: false,
      erasureNotice: false,
    });
    expect(absentSettings(rgw)).toEqual(['encryption', 'quotas', 'replication', 'usage reports']);
    expect(createBucketOptions(rgw)).toEqual({ versioning: true, locking: true, quota: false });
  });

  it('Ceph RGW with Admin Ops (issue 36): usage reports, and the summary no longer names them absent', () => {
    const caps = ['versioning', 'lifecycle'] as const;
    expect(bucketFeatures([...caps], false).usage).toBe(false);
    const rgwAdmin = bucketFeatures([...caps, 'rgw-admin'], false);
    expect(rgwAdmin).toMatchObject({ usage: true, quota: false, accessAudit: false, erasureNotice: false });
    expect(absentSettings(rgwAdmin)).toContain('quotas');
    expect(absentSettings(rgwAdmin)).not.toContain('usage reports');
  });

  it('s3rver: only the basics, and the create dialog offers no option', () => {
    const plain = bucketFeatures([], false);
    expect(Object.values(plain).some(Boolean)).toBe(false);
    expect(createBucketOptions(plain)).toEqual({ versioning: false, locking: false, quota: false });
    expect(absentSettings(plain)).toEqual([
      'versioning',
      'object locking and retention',
      'encryption',
      'quotas',
      'replication',
      'usage reports',
      'bucket policies',
      'CORS rules',
      'bucket tags',
    ]);
    expect(absentSettings(bucketFeatures([...capabilityNames], false))).toEqual([]);
  });
});
