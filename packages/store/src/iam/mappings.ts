// SPDX-License-Identifier: Apache-2.0
import { S3Error, s3Error } from '../core/errors.js';
import type { IamContext } from './context.js';
import type { PolicyMappingRecord } from './records.js';
import { invalid, nowIso } from './validation.js';

/** idp/builtin/policy-entities result. */
export interface PolicyEntities {
  timestamp: string;
  userMappings?: { user: string; policies: string[] }[];
  groupMappings?: { group: string; policies: string[] }[];
  policyMappings?: { policy: string; users: string[]; groups: string[] }[];
}

/** What the policy mappings need from the rest of IAM. */
export interface MappingLinks {
  userExists(user: string): boolean;
  groupExists(group: string): boolean;
  policyExists(name: string): boolean;
}

function noSuchPolicy(name: string): S3Error {
  return new S3Error('XMinioAdminNoSuchPolicy', `The canned policy does not exist: ${name}`);
}

/** Which canned policies are attached to which users and groups (the policy DB). */
export class PolicyMappings {
  readonly #ctx: IamContext;
  readonly #links: MappingLinks;
  #users = new Map<string, PolicyMappingRecord>();
  #groups = new Map<string, PolicyMappingRecord>();

  constructor(ctx: IamContext, links: MappingLinks) {
    this.#ctx = ctx;
    this.#links = links;
  }

  /** Replaces the mappings with loaded records. */
  load(users: PolicyMappingRecord[], groups: PolicyMappingRecord[]): void {
    this.#users = new Map(users.map((m) => [m.name, m]));
    this.#groups = new Map(groups.map((m) => [m.name, m]));
  }

  /** Policy names attached to a user or group, in attach order ([] when none). */
  of(entity: string, isGroup: boolean): string[] {
    return (isGroup ? this.#groups : this.#users).get(entity)?.policies ?? [];
  }

  /** Is the policy attached to any user or group? */
  isAttached(policy: string): boolean {
    return (
      [...this.#users.values()].some((m) => m.policies.includes(policy)) ||
      [...this.#groups.values()].some((m) => m.policies.includes(policy))
    );
  }

  #checkEntity(entity: string, isGroup: boolean): void {
    if (isGroup) {
      if (!this.#links.groupExists(entity)) throw s3Error('XMinioAdminNoSuchGroup');
    } else if (!this.#links.userExists(entity)) {
      if (this.#ctx.isRoot(entity)) throw invalid('policies cannot be attached to the root user');
      throw s3Error('XMinioAdminNoSuchUser');
    }
  }

  #checkPolicies(names: string[]): void {
    for (const n of names) if (!this.#links.policyExists(n)) throw noSuchPolicy(n);
  }

  /** Writes an entity's policy list (an empty list removes the mapping). Called inside the lock. */
  async write(entity: string, isGroup: boolean, policies: string[]): Promise<void> {
    const collection = isGroup ? 'groupPolicies' : 'userPolicies';
    const map = isGroup ? this.#groups : this.#users;
    if (policies.length === 0) {
      if (map.has(entity)) await this.#ctx.persist.remove(collection, entity);
      map.delete(entity);
    } else {
      const record: PolicyMappingRecord = { name: entity, policies, updatedAt: nowIso() };
      await this.#ctx.persist.save(collection, entity, record);
      map.set(entity, record);
    }
    this.#ctx.changed();
  }

  /** set-user-or-group-policy: replaces the entity's policies ("" clears); `external` as attachDetach's. */
  async set(policyNames: string[], entity: string, isGroup: boolean, external = false): Promise<void> {
    await this.#ctx.serial(async () => {
      if (!external) this.#checkEntity(entity, isGroup);
      this.#checkPolicies(policyNames);
      await this.write(entity, isGroup, policyNames);
    });
  }

  /**
   * idp/builtin/policy/attach|detach: adds or removes policies; returns the resulting list. `external`:
   * the entity is a directory DN (idp/ldap/policy), checked against the directory by the caller.
   */
  async attachDetach(
    attach: boolean,
    policyNames: string[],
    entity: string,
    isGroup: boolean,
    external = false,
  ): Promise<string[]> {
    if (policyNames.length === 0) throw invalid('no policies given');
    return this.#ctx.serial(async () => {
      if (!external) this.#checkEntity(entity, isGroup);
      const current = this.of(entity, isGroup);
      let next: string[];
      if (attach) {
        this.#checkPolicies(policyNames);
        next = [...new Set([...current, ...policyNames])];
      } else {
        const missing = policyNames.filter((n) => !current.includes(n));
        if (missing.length === policyNames.length) {
          throw invalid(
            `policy ${missing.join(',')} is not attached to ${isGroup ? 'group' : 'user'} ${entity}`,
          );
        }
        next = current.filter((n) => !policyNames.includes(n));
      }
      await this.write(entity, isGroup, next);
      return next;
    });
  }

  /** idp/builtin/policy-entities: mappings filtered by users, groups and policies (all when none given). */
  entities(query: { users: string[]; groups: string[]; policies: string[] }): PolicyEntities {
    const all = query.users.length === 0 && query.groups.length === 0 && query.policies.length === 0;
    const result: PolicyEntities = { timestamp: nowIso() };
    const userNames = all ? [...this.#users.keys()].sort() : query.users;
    const userMappings = userNames
      .map((user) => ({ user, policies: this.of(user, false) }))
      .filter((m) => m.policies.length > 0);
    const groupNames = all ? [...this.#groups.keys()].sort() : query.groups;
    const groupMappings = groupNames
      .map((group) => ({ group, policies: this.of(group, true) }))
      .filter((m) => m.policies.length > 0);
    let policyNames = query.policies;
    if (all) {
      const used = new Set<string>();
      for (const m of [...this.#users.values(), ...this.#groups.values()]) {
        for (const p of m.policies) used.add(p);
      }
      policyNames = [...used].sort();
    }
    const holders = (map: Map<string, PolicyMappingRecord>, policy: string): string[] =>
      [...map.values()]
        .filter((m) => m.policies.includes(policy))
        .map((m) => m.name)
        .sort();
    const policyMappings = policyNames
      .map((policy) => ({
        policy,
        users: holders(this.#users, policy),
        groups: holders(this.#groups, policy),
      }))
      .filter((m) => m.users.length > 0 || m.groups.length > 0);
    if (userMappings.length > 0) result.userMappings = userMappings;
    if (groupMappings.length > 0) result.groupMappings = groupMappings;
    if (policyMappings.length > 0) result.policyMappings = policyMappings;
    return result;
  }
}
