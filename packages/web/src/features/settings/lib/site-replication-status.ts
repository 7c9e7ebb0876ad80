// SPDX-License-Identifier: Apache-2.0
import type { SiteReplicationEntityType, SiteReplicationStatus } from '@stowage/contracts';

/** How many of the items seen anywhere one site holds. */
export interface Share {
  have: number;
  of: number;
}

/** One row of the summary: a site and its share of each kind of item. */
export interface SiteSummaryRow {
  deploymentID: string;
  name: string;
  endpoint: string;
  buckets: Share;
  users: Share;
  groups: Share;
  policies: Share;
  /** Holds everything every other site holds, with no mismatch named against it. */
  inSync: boolean;
}

/** Sites in name order. */
function sitesOf(status: SiteReplicationStatus) {
  return Object.entries(status.sites)
    .map(([id, s]) => ({ ...s, deploymentID: s.deploymentID || id }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The sites a stats map names with something wrong (a missing item or a mismatch). */
function sitesWithProblems(status: SiteReplicationStatus): Set<string> {
  const bad = new Set<string>();
  const maps = [status.bucketStats, status.userStats, status.groupStats, status.policyStats];
  for (const map of maps) {
    for (const perSite of Object.values(map)) {
      for (const [id, st] of Object.entries(perSite)) {
        if (problemsOf(st as Record<string, unknown>, 'any').length > 0) bad.add(id);
      }
    }
  }
  return bad;
}

/** Each site's counts against the most seen at any site (MinIO's MaxBuckets and the others). */
export function siteSummaryRows(status: SiteReplicationStatus): SiteSummaryRow[] {
  const bad = sitesWithProblems(status);
  return sitesOf(status).map((s) => {
    const c = status.statsSummary[s.deploymentID] ?? {};
    const share = (total: string, max: number): Share => ({ have: c[total] ?? 0, of: max });
    const row = {
      deploymentID: s.deploymentID,
      name: s.name,
      endpoint: s.endpoint,
      buckets: share('TotalBucketsCount', status.maxBuckets),
      users: share('TotalUsersCount', status.maxUsers),
      groups: share('TotalGroupsCount', status.maxGroups),
      policies: share('TotalIAMPoliciesCount', status.maxPolicies),
    };
    const complete = [row.buckets, row.users, row.groups, row.policies].every((x) => x.have >= x.of);
    return { ...row, inSync: complete && !bad.has(s.deploymentID) };
  });
}

/** The flag that says a site holds the item, per kind. */
const presence: Record<SiteReplicationEntityType, string> = {
  bucket: 'HasBucket',
  user: 'HasUser',
  group: 'HasGroup',
  policy: 'HasPolicy',
};

/** What each mismatch flag is about, as the page names it. */
const mismatchNames: Record<string, string> = {
  TagMismatch: 'tags',
  VersioningConfigMismatch: 'versioning',
  OLockConfigMismatch: 'object lock',
  PolicyMismatch: 'policy',
  SSEConfigMismatch: 'encryption',
  ReplicationCfgMismatch: 'replication rules',
  QuotaCfgMismatch: 'quota',
  UserInfoMismatch: 'user details',
  GroupDescMismatch: 'members or status',
};

/** The problems of one site's view of an item: 'missing', 'deleted' or the settings that differ. */
function problemsOf(st: Record<string, unknown>, kind: SiteReplicationEntityType | 'any'): string[] {
  if (st.BucketMarkedDeleted === true) return ['deleted'];
  const has = kind === 'any' ? Object.values(presence).find((k) => k in st) : presence[kind];
  if (has && st[has] !== true) return ['missing'];
  return Object.entries(mismatchNames)
    .filter(([flag]) => st[flag] === true)
    .map(([, name]) => name);
}

/** One site's state of the item looked up. */
export interface EntitySiteRow {
  deploymentID: string;
  name: string;
  endpoint: string;
  /** 'In sync', 'Missing', 'Deleted' or 'Differs: tags, policy'. */
  state: string;
  ok: boolean;
}

/** The looked-up item at every site of the set (a site the answer does not name does not hold it). */
export function entitySiteRows(
  status: SiteReplicationStatus,
  type: SiteReplicationEntityType,
  value: string,
): EntitySiteRow[] {
  const map = {
    bucket: status.bucketStats,
    user: status.userStats,
    group: status.groupStats,
    policy: status.policyStats,
  }[type] as Record<string, Record<string, Record<string, unknown>>>;
  const perSite = map[value] ?? {};
  return sitesOf(status).map((s) => {
    const st = perSite[s.deploymentID];
    const problems = st ? problemsOf(st, type) : ['missing'];
    const state =
      problems.length === 0
        ? 'In sync'
        : problems[0] === 'missing'
          ? 'Missing'
          : problems[0] === 'deleted'
            ? 'Deleted'
            : `Differs: ${problems.join(', ')}`;
    return {
      deploymentID: s.deploymentID,
      name: s.name,
      endpoint: s.endpoint,
      state,
      ok: problems.length === 0,
    };
  });
}
