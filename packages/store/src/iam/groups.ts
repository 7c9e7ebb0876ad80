// SPDX-License-Identifier: Apache-2.0
import { S3Error, s3Error } from '../core/errors.js';
import type { IamContext } from './context.js';
import type { GroupRecord, UserStatus } from './records.js';
import { checkEntityName, invalid, nowIso } from './validation.js';

/** madmin GroupDesc. */
export interface GroupDescription {
  name: string;
  status: UserStatus;
  members: string[];
  policy: string;
  updatedAt: string;
}

/** What the group registry needs from the rest of IAM. */
export interface GroupLinks {
  userExists(user: string): boolean;
  /** Policy names attached to the group, in attach order. */
  attachedPolicies(group: string): string[];
  /** Drops the policy mapping of a group being deleted. Called inside the lock. */
  clearMapping(group: string): Promise<void>;
}

/** IAM groups: named sets of users with a status; an enabled group's policies apply to its members. */
export class Groups {
  readonly #ctx: IamContext;
  readonly #links: GroupLinks;
  #groups = new Map<string, GroupRecord>();

  constructor(ctx: IamContext, links: GroupLinks) {
    this.#ctx = ctx;
    this.#links = links;
  }

  /** Replaces the groups with loaded records. */
  load(records: GroupRecord[]): void {
    this.#groups = new Map(records.map((g) => [g.name, g]));
  }

  has(name: string): boolean {
    return this.#groups.has(name);
  }

  list(): string[] {
    return [...this.#groups.keys()].sort();
  }

  describe(name: string): GroupDescription {
    const g = this.#groups.get(name);
    if (!g) throw s3Error('XMinioAdminNoSuchGroup');
    return {
      name: g.name,
      status: g.status,
      members: [...g.members],
      policy: this.#links.attachedPolicies(name).join(','),
      updatedAt: g.updatedAt,
    };
  }

  /** Names of every group (enabled or not) the user belongs to. */
  memberOf(user: string): string[] {
    return [...this.#groups.values()].filter((g) => g.members.includes(user)).map((g) => g.name);
  }

  /** Names of the enabled groups the user belongs to: those whose policies apply to them. */
  enabledGroupsOf(user: string): string[] {
    const out: string[] = [];
    for (const g of this.#groups.values()) {
      if (g.status === 'enabled' && g.members.includes(user)) out.push(g.name);
    }
    return out;
  }

  /**
   * madmin UpdateGroupMembers: adds members (creating the group), removes members, or — remove with no
   * members — deletes an empty group (XMinioAdminGroupNotEmpty otherwise).
   */
  async updateMembers(group: string, members: string[], isRemove: boolean, status?: string): Promise<void> {
    checkEntityName('group', group);
    if (status !== undefined && status !== '' && status !== 'enabled' && status !== 'disabled') {
      throw invalid(`invalid group status '${status}'`);
    }
    await this.#ctx.serial(async () => {
      for (const m of members) {
        if (!this.#links.userExists(m))
          throw new S3Error('XMinioAdminNoSuchUser', `The specified user does not exist: ${m}`);
      }
      const existing = this.#groups.get(group);
      if (isRemove) {
        if (!existing) throw s3Error('XMinioAdminNoSuchGroup');
        if (members.length === 0) {
          if (existing.members.length > 0) throw s3Error('XMinioAdminGroupNotEmpty');
          await this.#links.clearMapping(group);
          await this.#ctx.persist.remove('groups', group);
          this.#groups.delete(group);
        } else {
          await this.#write({
            ...existing,
            members: existing.members.filter((m) => !members.includes(m)),
            updatedAt: nowIso(),
          });
        }
      } else {
        await this.#write({
          name: group,
          members: [...new Set([...(existing?.members ?? []), ...members])],
          status: existing?.status ?? (status === 'disabled' ? 'disabled' : 'enabled'),
          updatedAt: nowIso(),
        });
      }
      this.#ctx.changed();
    });
  }

  async setStatus(group: string, status: string): Promise<void> {
    if (status !== 'enabled' && status !== 'disabled') throw invalid(`invalid group status '${status}'`);
    await this.#ctx.serial(async () => {
      const g = this.#groups.get(group);
      if (!g) throw s3Error('XMinioAdminNoSuchGroup');
      await this.#write({ ...g, status, updatedAt: nowIso() });
      this.#ctx.changed();
    });
  }

  /** Takes a user being removed out of every group. Called inside the lock. */
  async removeMember(user: string): Promise<void> {
    for (const g of this.#groups.values()) {
      if (!g.members.includes(user)) continue;
      await this.#write({ ...g, members: g.members.filter((m) => m !== user), updatedAt: nowIso() });
    }
  }

  async #write(record: GroupRecord): Promise<void> {
    await this.#ctx.persist.save('groups', record.name, record);
    this.#groups.set(record.name, record);
  }
}
