// SPDX-License-Identifier: Apache-2.0
import { isDeepStrictEqual } from 'node:util';
import type { PeerInfo } from '@stowage/madmin';
import type { SRInfo, StatusOptions } from './wire.js';

/**
 * SRStatusInfo from every site's `metainfo`: per bucket, user, group and policy whether each site has
 * it and whether its settings match the others' (madmin's summaries, Go field names). Entries are
 * listed for what mismatches, for a category asked for, and for the one entity asked about.
 */

type Row = Record<string, boolean | string>;

export interface StatusInfo {
  Enabled: boolean;
  MaxBuckets: number;
  MaxUsers: number;
  MaxGroups: number;
  MaxPolicies: number;
  Sites: Record<string, PeerInfo>;
  StatsSummary: Record<string, Record<string, number>>;
  BucketStats: Record<string, Record<string, Row>>;
  PolicyStats: Record<string, Record<string, Row>>;
  UserStats: Record<string, Record<string, Row>>;
  GroupStats: Record<string, Record<string, Row>>;
}

/** Do the sites that have a value all hold the same one (a missing value counts as one too)? */
function differs(values: unknown[]): boolean {
  return values.some((v) => !isDeepStrictEqual(v ?? null, values[0] ?? null));
}

function union(infos: SRInfo[], pick: (i: SRInfo) => Record<string, unknown>): string[] {
  return [...new Set(infos.flatMap((i) => Object.keys(pick(i))))].sort();
}

const SUMMARY_KEYS = [
  'ReplicatedBuckets',
  'ReplicatedTags',
  'ReplicatedBucketPolicies',
  'ReplicatedIAMPolicies',
  'ReplicatedUsers',
  'ReplicatedGroups',
  'ReplicatedLockConfig',
  'ReplicatedSSEConfig',
  'ReplicatedVersioningConfig',
  'ReplicatedQuotaConfig',
  'ReplicatedUserPolicyMappings',
  'ReplicatedGroupPolicyMappings',
  'TotalBucketsCount',
  'TotalTagsCount',
  'TotalBucketPoliciesCount',
  'TotalIAMPoliciesCount',
  'TotalLockConfigCount',
  'TotalSSEConfigCount',
  'TotalVersioningConfigCount',
  'TotalQuotaConfigCount',
  'TotalUsersCount',
  'TotalGroupsCount',
  'TotalUserPolicyMappingCount',
  'TotalGroupPolicyMappingCount',
] as const;

export function compareSites(
  sites: Record<string, PeerInfo>,
  infos: SRInfo[],
  opts: StatusOptions,
): StatusInfo {
  const summary: Record<string, Record<string, number>> = {};
  for (const i of infos) summary[i.DeploymentID] = Object.fromEntries(SUMMARY_KEYS.map((k) => [k, 0]));
  const add = (dep: string, key: (typeof SUMMARY_KEYS)[number], by = 1): void => {
    const s = summary[dep];
    if (s) s[key] = (s[key] ?? 0) + by;
  };
  const wanted = (kind: StatusOptions['entity'], all: boolean, name: string, mismatch: boolean): boolean =>
    (opts.entity === kind && opts.entityValue === name) || (opts.entity === '' && (all || mismatch));

  const BucketStats: StatusInfo['BucketStats'] = {};
  for (const b of union(infos, (i) => i.Buckets)) {
    const of = infos.map((i) => i.Buckets[b]);
    const everywhere = of.every((x) => x !== undefined);
    const m = {
      tags: differs(of.map((x) => x?.tags)),
      ver: differs(of.map((x) => x?.versioningConfig)),
      lock: differs(of.map((x) => x?.objectLockConfig)),
      policy: differs(of.map((x) => x?.policy)),
      sse: differs(of.map((x) => x?.sseConfig)),
      quota: differs(of.map((x) => x?.quotaConfig)),
    };
    const rows: Record<string, Row> = {};
    infos.forEach((i, n) => {
      const x = of[n];
      const dep = i.DeploymentID;
      if (x) {
        add(dep, 'TotalBucketsCount');
        if (everywhere) add(dep, 'ReplicatedBuckets');
        const count = (
          set: boolean,
          total: (typeof SUMMARY_KEYS)[number],
          repl: (typeof SUMMARY_KEYS)[number],
          mm: boolean,
        ): void => {
          if (!set) return;
          add(dep, total);
          if (!mm) add(dep, repl);
        };
        count(!!x.tags, 'TotalTagsCount', 'ReplicatedTags', m.tags);
        count(!!x.policy, 'TotalBucketPoliciesCount', 'ReplicatedBucketPolicies', m.policy);
        count(!!x.objectLockConfig, 'TotalLockConfigCount', 'ReplicatedLockConfig', m.lock);
        count(!!x.sseConfig, 'TotalSSEConfigCount', 'ReplicatedSSEConfig', m.sse);
        count(!!x.versioningConfig, 'TotalVersioningConfigCount', 'ReplicatedVersioningConfig', m.ver);
        count(!!x.quotaConfig, 'TotalQuotaConfigCount', 'ReplicatedQuotaConfig', m.quota);
      }
      rows[dep] = {
        DeploymentID: dep,
        HasBucket: !!x,
        BucketMarkedDeleted: false,
        TagMismatch: m.tags,
        VersioningConfigMismatch: m.ver,
        OLockConfigMismatch: m.lock,
        PolicyMismatch: m.policy,
        SSEConfigMismatch: m.sse,
        ReplicationCfgMismatch: false,
        QuotaCfgMismatch: m.quota,
        HasTagsSet: !!x?.tags,
        HasOLockConfigSet: !!x?.objectLockConfig,
        HasPolicySet: !!x?.policy,
        HasSSECfgSet: !!x?.sseConfig,
        HasReplicationCfg: !!x,
        HasQuotaCfgSet: !!x?.quotaConfig,
      };
    });
    const mismatch = !everywhere || Object.values(m).some(Boolean);
    if (wanted('bucket', opts.buckets, b, mismatch)) BucketStats[b] = rows;
  }

  const PolicyStats: StatusInfo['PolicyStats'] = {};
  for (const p of union(infos, (i) => i.Policies)) {
    const of = infos.map((i) => i.Policies[p]?.policy);
    const everywhere = of.every((x) => x !== undefined);
    const mm = differs(of);
    const rows: Record<string, Row> = {};
    infos.forEach((i, n) => {
      if (of[n] !== undefined) {
        add(i.DeploymentID, 'TotalIAMPoliciesCount');
        if (everywhere && !mm) add(i.DeploymentID, 'ReplicatedIAMPolicies');
      }
      rows[i.DeploymentID] = {
        DeploymentID: i.DeploymentID,
        PolicyMismatch: mm,
        HasPolicy: of[n] !== undefined,
      };
    });
    if (wanted('policy', opts.policies, p, !everywhere || mm)) PolicyStats[p] = rows;
  }

  const UserStats: StatusInfo['UserStats'] = {};
  // Users of the sites, and directory DNs with STS-mapped policies (no user record: the mapping is all).
  for (const u of union(infos, (i) => ({ ...i.UserInfoMap, ...i.UserPolicies }))) {
    const of = infos.map((i) => i.UserInfoMap[u]);
    const maps = infos.map((i) => i.UserPolicies[u]?.policy);
    const sts = of.every((x) => x === undefined);
    const everywhere = sts ? maps.every((x) => x !== undefined) : of.every((x) => x !== undefined);
    const infoMm = differs(of.map((x) => (x ? { status: x.status, memberOf: x.memberOf ?? [] } : undefined)));
    const polMm = differs(maps);
    const rows: Record<string, Row> = {};
    infos.forEach((i, n) => {
      const dep = i.DeploymentID;
      if (of[n]) {
        add(dep, 'TotalUsersCount');
        if (everywhere && !infoMm) add(dep, 'ReplicatedUsers');
      }
      if (maps[n]) {
        add(dep, 'TotalUserPolicyMappingCount');
        if (!polMm) add(dep, 'ReplicatedUserPolicyMappings');
      }
      rows[dep] = {
        DeploymentID: dep,
        PolicyMismatch: polMm,
        UserInfoMismatch: infoMm,
        HasUser: !!of[n],
        HasPolicyMapping: !!maps[n],
      };
    });
    if (wanted('user', opts.users, u, !everywhere || infoMm || polMm)) UserStats[u] = rows;
  }

  const GroupStats: StatusInfo['GroupStats'] = {};
  for (const g of union(infos, (i) => i.GroupDescMap)) {
    const of = infos.map((i) => i.GroupDescMap[g]);
    const maps = infos.map((i) => i.GroupPolicies[g]?.policy);
    const everywhere = of.every((x) => x !== undefined);
    const descMm = differs(of.map((x) => (x ? { status: x.status, members: x.members } : undefined)));
    const polMm = differs(maps);
    const rows: Record<string, Row> = {};
    infos.forEach((i, n) => {
      const dep = i.DeploymentID;
      if (of[n]) {
        add(dep, 'TotalGroupsCount');
        if (everywhere && !descMm) add(dep, 'ReplicatedGroups');
      }
      if (maps[n]) {
        add(dep, 'TotalGroupPolicyMappingCount');
        if (!polMm) add(dep, 'ReplicatedGroupPolicyMappings');
      }
      rows[dep] = {
        DeploymentID: dep,
        PolicyMismatch: polMm,
        HasGroup: !!of[n],
        GroupDescMismatch: descMm,
        HasPolicyMapping: !!maps[n],
      };
    });
    if (wanted('group', opts.groups, g, !everywhere || descMm || polMm)) GroupStats[g] = rows;
  }

  const max = (pick: (i: SRInfo) => Record<string, unknown>): number =>
    Math.max(0, ...infos.map((i) => Object.keys(pick(i)).length));
  return {
    Enabled: true,
    MaxBuckets: max((i) => i.Buckets),
    MaxUsers: max((i) => i.UserInfoMap),
    MaxGroups: max((i) => i.GroupDescMap),
    MaxPolicies: max((i) => i.Policies),
    Sites: sites,
    StatsSummary: summary,
    BucketStats,
    PolicyStats,
    UserStats,
    GroupStats,
  };
}
