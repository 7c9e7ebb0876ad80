// SPDX-License-Identifier: Apache-2.0
import type { SiteReplicationStatus } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { entitySiteRows, siteSummaryRows } from './site-replication-status';

const base = (): SiteReplicationStatus => ({
  enabled: true,
  maxBuckets: 2,
  maxUsers: 1,
  maxGroups: 0,
  maxPolicies: 5,
  sites: {
    d1: { name: 'west', endpoint: 'http://w:9000', deploymentID: 'd1' },
    d2: { name: 'east', endpoint: 'http://e:9000', deploymentID: 'd2' },
  },
  statsSummary: {
    d1: { TotalBucketsCount: 2, TotalUsersCount: 1, TotalGroupsCount: 0, TotalIAMPoliciesCount: 5 },
    d2: { TotalBucketsCount: 1, TotalUsersCount: 1, TotalGroupsCount: 0, TotalIAMPoliciesCount: 5 },
  },
  bucketStats: {},
  policyStats: {},
  userStats: {},
  groupStats: {},
});

describe('site replication status', () => {
  it('marks a site that holds fewer buckets than the others as out of sync, by name order', () => {
    const rows = siteSummaryRows(base());
    expect(rows.map((r) => [r.name, r.inSync, `${r.buckets.have}/${r.buckets.of}`])).toEqual([
      ['east', false, '1/2'],
      ['west', true, '2/2'],
    ]);
  });

  it('marks a site with a named mismatch as out of sync even when the counts agree', () => {
    const s = base();
    s.statsSummary.d2 = { ...s.statsSummary.d1 };
    s.userStats = { alice: { d2: { DeploymentID: 'd2', HasUser: true, PolicyMismatch: true } } };
    expect(siteSummaryRows(s).map((r) => r.inSync)).toEqual([false, true]);
  });

  it("names each site's state of a looked-up bucket", () => {
    const s = base();
    s.bucketStats = {
      photos: {
        d1: { DeploymentID: 'd1', HasBucket: true, TagMismatch: true, QuotaCfgMismatch: true },
      },
    };
    expect(entitySiteRows(s, 'bucket', 'photos').map((r) => [r.name, r.state, r.ok])).toEqual([
      ['east', 'Missing', false],
      ['west', 'Differs: tags, quota', false],
    ]);
    s.bucketStats.photos = {
      d1: { DeploymentID: 'd1', HasBucket: true },
      d2: { DeploymentID: 'd2', HasBucket: true },
    };
    expect(entitySiteRows(s, 'bucket', 'photos').every((r) => r.state === 'In sync' && r.ok)).toBe(true);
  });

  it('reads the presence flag of the kind looked up', () => {
    const s = base();
    s.groupStats = {
      devs: { d1: { DeploymentID: 'd1', HasGroup: true }, d2: { DeploymentID: 'd2', HasGroup: false } },
    };
    expect(entitySiteRows(s, 'group', 'devs').map((r) => r.state)).toEqual(['Missing', 'In sync']);
  });
});
