// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { compareSites } from './status.js';
import type { SRInfo, StatusOptions } from './wire.js';

// SRStatusInfo from the sites' SRInfo: what differs is named per site; what matches is counted as
// replicated and listed only when asked for.

function site(dep: string, over: Partial<SRInfo> = {}): SRInfo {
  return {
    Enabled: true,
    Name: dep,
    DeploymentID: dep,
    Buckets: { shared: { bucket: 'shared', tags: '<Tagging/>', versioningConfig: 'Enabled' } },
    Policies: { p: { policy: { Version: '2012-10-17' } } },
    UserPolicies: {},
    UserInfoMap: { u: { status: 'enabled' } },
    GroupDescMap: { g: { name: 'g', status: 'enabled', members: ['u'], policy: '' } },
    GroupPolicies: {},
    ReplicationCfg: {},
    ...over,
  };
}

const none: StatusOptions = {
  buckets: false,
  policies: false,
  users: false,
  groups: false,
  entity: '',
  entityValue: '',
};
const peers = {
  d1: { endpoint: 'http://a', name: 'a', deploymentID: 'd1' },
  d2: { endpoint: 'http://b', name: 'b', deploymentID: 'd2' },
};

describe('site replication status', () => {
  it('lists nothing when every site holds the same, and counts it replicated', () => {
    const st = compareSites(peers, [site('d1'), site('d2')], none);
    expect(st.BucketStats).toEqual({});
    expect(st.UserStats).toEqual({});
    expect(st.StatsSummary.d1).toMatchObject({
      TotalBucketsCount: 1,
      ReplicatedBuckets: 1,
      ReplicatedTags: 1,
      ReplicatedUsers: 1,
      ReplicatedGroups: 1,
      ReplicatedIAMPolicies: 1,
    });
  });

  it('names each mismatch at each site', () => {
    const b = site('d2', {
      Buckets: {
        shared: { bucket: 'shared', tags: '<Tagging><TagSet/></Tagging>', versioningConfig: 'Enabled' },
        only: { bucket: 'only' },
      },
      UserInfoMap: {},
      GroupDescMap: { g: { name: 'g', status: 'disabled', members: ['u'], policy: '' } },
      Policies: { p: { policy: { Version: '2012-10-17', Statement: [] } } },
    });
    const st = compareSites(peers, [site('d1'), b], none);
    expect(st.BucketStats.shared?.d1).toMatchObject({
      HasBucket: true,
      TagMismatch: true,
      VersioningConfigMismatch: false,
    });
    expect(st.BucketStats.only?.d1).toMatchObject({ HasBucket: false });
    expect(st.BucketStats.only?.d2).toMatchObject({ HasBucket: true });
    expect(st.UserStats.u?.d2).toMatchObject({ HasUser: false, UserInfoMismatch: true });
    expect(st.GroupStats.g?.d1).toMatchObject({ HasGroup: true, GroupDescMismatch: true });
    expect(st.PolicyStats.p?.d2).toMatchObject({ HasPolicy: true, PolicyMismatch: true });
    expect(st.StatsSummary.d2).toMatchObject({
      TotalBucketsCount: 2,
      ReplicatedBuckets: 1,
      ReplicatedTags: 0,
    });
    expect(st.MaxBuckets).toBe(2);
  });

  it('lists the one entity asked about even when it matches', () => {
    const st = compareSites(peers, [site('d1'), site('d2')], {
      ...none,
      entity: 'bucket',
      entityValue: 'shared',
    });
    expect(Object.keys(st.BucketStats.shared ?? {})).toEqual(['d1', 'd2']);
    expect(st.UserStats).toEqual({});
  });
});
