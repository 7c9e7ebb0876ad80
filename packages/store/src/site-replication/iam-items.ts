// SPDX-License-Identifier: Apache-2.0
import { isS3Error } from '../core/errors.js';
import type { IamSystem } from '../iam/iam-system.js';
import { SITE_REPLICATOR } from './state.js';
import type { IamItem, SRGroupDesc, SRPolicyMapping, SRUserInfo } from './wire.js';

/**
 * IAM entities as the peer call `iam-item` carries them (madmin SRIAMItem), read from the local IAM
 * as they are now, and applied when a peer sends them. An entity that is gone is sent as its delete.
 */

const now = (): string => new Date().toISOString();

/** Canned policies an administrator made (the built-in ones exist on every site already). */
const BUILTIN = new Set(['readwrite', 'readonly', 'writeonly', 'diagnostics', 'consoleAdmin']);

export function policyItem(iam: IamSystem, name: string): IamItem {
  const policy = iam.policyExists(name) ? iam.getPolicy(name).policy : null;
  return { type: 'policy', name, policy, updatedAt: now() };
}

export function userItem(iam: IamSystem, accessKey: string): IamItem {
  const secretKey = iam.userSecret(accessKey);
  if (secretKey === undefined) {
    return {
      type: 'iam-user',
      name: '',
      iamUser: { accessKey, isDeleteReq: true, userReq: null },
      updatedAt: now(),
    };
  }
  const status = iam.getUserInfo(accessKey).status;
  return {
    type: 'iam-user',
    name: '',
    iamUser: { accessKey, isDeleteReq: false, userReq: { secretKey, status } },
    updatedAt: now(),
  };
}

/** MinIO's IAMUserType of a mapping: a user or group of this site, or an STS identity (a directory DN). */
const REG_USER = 0;
const STS_USER = 1;

function isLocal(iam: IamSystem, entity: string, isGroup: boolean): boolean {
  return isGroup ? iam.listGroups().includes(entity) : iam.userExists(entity);
}

export function mappingItem(iam: IamSystem, entity: string, isGroup: boolean): IamItem {
  return {
    type: 'policy-mapping',
    name: '',
    policyMapping: {
      userOrGroup: entity,
      userType: isLocal(iam, entity, isGroup) ? REG_USER : STS_USER,
      isGroup,
      policy: iam.mappedPolicies(entity, isGroup).join(','),
    },
    updatedAt: now(),
  };
}

/** Mappings of entities that are not this site's users or groups: LDAP DNs, the STS-mapped policies. */
export function stsMappings(iam: IamSystem): { entity: string; isGroup: boolean }[] {
  const all = iam.policyEntities({ users: [], groups: [], policies: [] });
  return [
    ...(all.userMappings ?? []).map((m) => ({ entity: m.user, isGroup: false })),
    ...(all.groupMappings ?? []).map((m) => ({ entity: m.group, isGroup: true })),
  ].filter((m) => !isLocal(iam, m.entity, m.isGroup));
}

/** A group as it is now: its members added with its status, or (gone) its removal. */
export function groupItem(iam: IamSystem, group: string): IamItem {
  const exists = iam.listGroups().includes(group);
  const desc = exists ? iam.getGroup(group) : null;
  return {
    type: 'group-info',
    name: '',
    groupInfo: {
      updateReq: {
        group,
        groupStatus: desc?.status ?? '',
        members: desc?.members ?? [],
        isRemove: !desc,
      },
    },
    updatedAt: now(),
  };
}

export function serviceAccountItem(iam: IamSystem, accessKey: string): IamItem {
  let sa: ReturnType<IamSystem['getServiceAccount']> | null = null;
  try {
    sa = iam.getServiceAccount(accessKey);
  } catch (err) {
    if (!isS3Error(err)) throw err;
  }
  const change = sa
    ? {
        crSvcAccCreate: {
          parent: sa.parentUser,
          accessKey,
          secretKey: sa.secretKey,
          groups: [],
          claims: {},
          sessionPolicy: sa.sessionPolicy ?? null,
          status: sa.status,
          comment: sa.comment ?? '',
        },
      }
    : { crSvcAccDelete: { accessKey } };
  return { type: 'service-account', name: '', serviceAccountChange: change, updatedAt: now() };
}

/** Every service account of root and the users (the site replicator's own excepted). */
export function allServiceAccounts(iam: IamSystem): string[] {
  const parents = [iam.rootAccessKey, ...Object.keys(iam.listUsers())];
  return parents.flatMap((p) => iam.listServiceAccounts(p)).filter((k) => k !== SITE_REPLICATOR);
}

/** Every IAM item of this site, for the first sync of a new peer. */
export function allIamItems(iam: IamSystem): IamItem[] {
  const policies = Object.keys(iam.listPolicies()).filter((p) => !BUILTIN.has(p));
  const users = Object.keys(iam.listUsers());
  const groups = iam.listGroups();
  return [
    ...policies.map((p) => policyItem(iam, p)),
    ...users.map((u) => userItem(iam, u)),
    ...groups.map((g) => groupItem(iam, g)),
    ...users.map((u) => mappingItem(iam, u, false)),
    ...groups.map((g) => mappingItem(iam, g, true)),
    ...stsMappings(iam).map((m) => mappingItem(iam, m.entity, m.isGroup)),
    ...allServiceAccounts(iam).map((k) => serviceAccountItem(iam, k)),
  ];
}

/** Applies an item a peer sent. */
export async function applyIamItem(iam: IamSystem, item: IamItem): Promise<void> {
  switch (item.type) {
    case 'policy': {
      const empty = item.policy === null || item.policy === undefined || item.policy === '';
      if (empty) {
        if (iam.policyExists(item.name)) await iam.removePolicy(item.name);
      } else {
        await iam.addPolicy(
          item.name,
          typeof item.policy === 'string' ? item.policy : JSON.stringify(item.policy),
        );
      }
      return;
    }
    case 'iam-user': {
      const u = item.iamUser;
      if (!u) return;
      if (u.isDeleteReq || !u.userReq) {
        if (iam.userExists(u.accessKey)) await iam.removeUser(u.accessKey);
      } else {
        const status = u.userReq.status === 'disabled' ? 'disabled' : 'enabled';
        await iam.addUser(u.accessKey, u.userReq.secretKey || (iam.userSecret(u.accessKey) ?? ''), status);
      }
      return;
    }
    case 'group-info': {
      const g = item.groupInfo?.updateReq;
      if (!g) return;
      const exists = iam.listGroups().includes(g.group);
      if (g.isRemove) {
        if (!exists) return;
        const members = g.members ?? [];
        // A removal with no members deletes the group: its members go first, as this site may still list them.
        const drop = members.length > 0 ? members : iam.getGroup(g.group).members;
        if (drop.length > 0) await iam.updateGroupMembers(g.group, drop, true);
        if (members.length === 0) await iam.updateGroupMembers(g.group, [], true);
        return;
      }
      const members = (g.members ?? []).filter((m) => iam.userExists(m));
      await iam.updateGroupMembers(g.group, members, false, g.groupStatus || undefined);
      return;
    }
    case 'policy-mapping': {
      const m = item.policyMapping;
      if (!m) return;
      const names = m.policy === '' ? [] : m.policy.split(',');
      const sts = m.userType === STS_USER;
      if (!sts && !isLocal(iam, m.userOrGroup, m.isGroup) && names.length === 0) return;
      await iam.setPolicy(names, m.userOrGroup, m.isGroup, sts);
      return;
    }
    case 'service-account': {
      const c = item.serviceAccountChange;
      if (c?.crSvcAccDelete) {
        try {
          await iam.deleteServiceAccount(c.crSvcAccDelete.accessKey);
        } catch (err) {
          if (!isS3Error(err)) throw err;
        }
        return;
      }
      const cr = c?.crSvcAccCreate;
      if (cr) {
        const policy = cr.sessionPolicy ? (cr.sessionPolicy as Record<string, unknown>) : null;
        if (iam.credentialKind(cr.accessKey) === 'service-account') {
          await iam.updateServiceAccount(cr.accessKey, {
            secretKey: cr.secretKey,
            ...(cr.status === 'on' || cr.status === 'off' ? { status: cr.status } : {}),
            policy,
            comment: cr.comment,
          });
        } else {
          await iam.addServiceAccount({
            parentUser: cr.parent,
            accessKey: cr.accessKey,
            secretKey: cr.secretKey,
            ...(policy ? { policy } : {}),
            ...(cr.comment ? { comment: cr.comment } : {}),
          });
          if (cr.status === 'off') await iam.updateServiceAccount(cr.accessKey, { status: 'off' });
        }
        return;
      }
      const up = c?.crSvcAccUpdate;
      if (up) {
        await iam.updateServiceAccount(up.accessKey, {
          ...(up.secretKey ? { secretKey: up.secretKey } : {}),
          ...(up.status === 'on' || up.status === 'off' ? { status: up.status } : {}),
          ...(up.comment ? { comment: up.comment } : {}),
        });
      }
      return;
    }
    default:
      // STS credentials are not replicated: each site issues its own sessions.
      return;
  }
}

/** The IAM part of `metainfo` (madmin SRInfo's maps). */
export function iamInfo(iam: IamSystem): {
  Policies: Record<string, { policy: unknown; updatedAt?: string }>;
  UserPolicies: Record<string, SRPolicyMapping>;
  UserInfoMap: Record<string, SRUserInfo>;
  GroupDescMap: Record<string, SRGroupDesc>;
  GroupPolicies: Record<string, SRPolicyMapping>;
} {
  const Policies: Record<string, { policy: unknown; updatedAt?: string }> = {};
  for (const name of Object.keys(iam.listPolicies()).filter((p) => !BUILTIN.has(p))) {
    const p = iam.getPolicy(name);
    Policies[name] = { policy: p.policy, updatedAt: p.updateDate };
  }
  const UserInfoMap: Record<string, SRUserInfo> = {};
  const UserPolicies: Record<string, SRPolicyMapping> = {};
  for (const [name, info] of Object.entries(iam.listUsers())) {
    UserInfoMap[name] = info;
    const policy = iam.mappedPolicies(name, false).join(',');
    if (policy) UserPolicies[name] = { userOrGroup: name, userType: REG_USER, isGroup: false, policy };
  }
  const GroupDescMap: Record<string, SRGroupDesc> = {};
  const GroupPolicies: Record<string, SRPolicyMapping> = {};
  for (const g of iam.listGroups()) {
    const d = iam.getGroup(g);
    GroupDescMap[g] = { ...d, members: [...d.members].sort() };
    const policy = iam.mappedPolicies(g, true).join(',');
    if (policy) GroupPolicies[g] = { userOrGroup: g, userType: REG_USER, isGroup: true, policy };
  }
  for (const m of stsMappings(iam)) {
    const mapping = {
      userOrGroup: m.entity,
      userType: STS_USER,
      isGroup: m.isGroup,
      policy: iam.mappedPolicies(m.entity, m.isGroup).join(','),
    };
    if (m.isGroup) GroupPolicies[m.entity] = mapping;
    else UserPolicies[m.entity] = mapping;
  }
  return { Policies, UserPolicies, UserInfoMap, GroupDescMap, GroupPolicies };
}
