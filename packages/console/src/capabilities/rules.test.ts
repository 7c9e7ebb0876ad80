// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { bucketFeatureProbes, capabilitiesFrom, type ProbeAnswer, type ProbeAnswers } from './rules.js';

const ok: ProbeAnswer = { kind: 'ok' };
const err = (code: string, status: number): ProbeAnswer => ({ kind: 'error', code, status });
const all = (answer: ProbeAnswer) =>
  Object.fromEntries(bucketFeatureProbes.map((f) => [f, answer])) as ProbeAnswers['buckets'];

describe('capabilities from probe answers', () => {
  it('MinIO / the embedded store on a bucket with nothing configured: everything', () => {
    // Recorded from the embedded store: versioning and notification answer, the rest "not configured".
    const answers: ProbeAnswers = {
      admin: ok,
      sts: true,
      buckets: {
        versioning: ok,
        'object-lock': err('ObjectLockConfigurationNotFoundError', 404),
        tagging: err('NoSuchTagSet', 404),
        lifecycle: err('NoSuchLifecycleConfiguration', 404),
        replication: err('ReplicationConfigurationNotFoundError', 404),
        notifications: ok,
        encryption: err('ServerSideEncryptionConfigurationNotFoundError', 404),
        policy: err('NoSuchBucketPolicy', 404),
        cors: err('NoSuchCORSConfiguration', 404),
        'public-access-block': ok,
        'ownership-controls': err('OwnershipControlsNotFoundError', 404),
      },
    };
    expect(capabilitiesFrom(answers)).toEqual([
      'admin',
      'sts',
      'versioning',
      'object-lock',
      'tagging',
      'lifecycle',
      'replication',
      'notifications',
      'encryption',
      'policy',
      'cors',
      'public-access-block',
      'ownership-controls',
    ]);
  });

  it('s3rver on a bucket: every sub-resource NotImplemented, admin path routed as bucket "minio"', () => {
    const answers: ProbeAnswers = {
      admin: err('NoSuchBucket', 404),
      sts: false,
      buckets: all(err('NotImplemented', 501)),
    };
    expect(capabilitiesFrom(answers)).toEqual([]);
  });

  it('Ceph RGW: bucket features answer, the admin path does not; replication needs the admin API too', () => {
    // Recorded from Ceph 16.2 (Debian 12): ?encryption and ?ownershipControls list the bucket instead.
    const answers: ProbeAnswers = {
      admin: err('NoSuchBucket', 404),
      sts: false,
      topics: ok,
      buckets: {
        versioning: ok,
        'object-lock': err('ObjectLockConfigurationNotFoundError', 404),
        tagging: err('NoSuchTagSet', 404),
        lifecycle: err('NoSuchLifecycleConfiguration', 404),
        replication: err('ReplicationConfigurationNotFoundError', 404),
        notifications: ok,
        encryption: err('NotImplemented', 0),
        policy: err('NoSuchBucketPolicy', 404),
        cors: err('NoSuchCORSConfiguration', 404),
        'public-access-block': ok,
        'ownership-controls': err('NotImplemented', 0),
      },
    };
    expect(capabilitiesFrom(answers)).toEqual([
      'versioning',
      'object-lock',
      'tagging',
      'lifecycle',
      'notifications',
      'policy',
      'cors',
      'public-access-block',
      'topics',
    ]);
  });

  it('no bucket to ask about: NoSuchBucket on a random name means the operation is routed', () => {
    const answers: ProbeAnswers = { admin: ok, sts: true, buckets: all(err('NoSuchBucket', 404)) };
    expect(capabilitiesFrom(answers)).toContain('versioning');
  });

  it('AccessDenied means present (the server knows the operation); 405, 501 and silence mean absent', () => {
    const answers: ProbeAnswers = {
      admin: { kind: 'timeout' },
      sts: false,
      buckets: {
        ...all(err('AccessDenied', 403)),
        versioning: err('', 405),
        'object-lock': err('', 501),
        tagging: err('MethodNotAllowed', 405),
        lifecycle: { kind: 'timeout' },
      },
    };
    expect(capabilitiesFrom(answers)).toEqual([
      'notifications',
      'encryption',
      'policy',
      'cors',
      'public-access-block',
      'ownership-controls',
    ]);
  });

  it('an admin path that answers but is not JSON accountinfo does not count as the admin API', () => {
    for (const answer of [err('AccessDenied', 403), err('', 404), err('NotImplemented', 501)]) {
      expect(capabilitiesFrom({ admin: answer, sts: true, buckets: all(ok) })).not.toContain('admin');
    }
  });
  it('Ceph RGW: rgw-admin only when Admin Ops answered the own user document', () => {
    const answers: ProbeAnswers = { admin: err('NoSuchBucket', 404), sts: false, buckets: all(ok) };
    expect(capabilitiesFrom({ ...answers, rgwAdmin: ok })).toContain('rgw-admin');
    expect(capabilitiesFrom({ ...answers, rgwAdmin: err('AccessDenied', 403) })).not.toContain('rgw-admin');
    expect(capabilitiesFrom({ ...answers, rgwAdmin: { kind: 'timeout' } })).not.toContain('rgw-admin');
    expect(capabilitiesFrom(answers)).not.toContain('rgw-admin');
  });
  it('topics only when ListTopics answered a topic list (MinIO routes POST / to STS and refuses)', () => {
    const answers: ProbeAnswers = { admin: ok, sts: true, buckets: all(ok) };
    expect(capabilitiesFrom({ ...answers, topics: ok })).toContain('topics');
    expect(capabilitiesFrom({ ...answers, topics: err('InvalidParameterValue', 400) })).not.toContain(
      'topics',
    );
    expect(capabilitiesFrom(answers)).not.toContain('topics');
  });
});
