// SPDX-License-Identifier: Apache-2.0
import { S3Error, s3Error } from '../core/errors.js';
import type { IamContext } from './context.js';
import { accessKeyProblem, secretKeyProblem } from './keys.js';
import type { UserRecord, UserStatus } from './records.js';
import { invalid, nowIso } from './validation.js';

/** madmin UserInfo (user-info, list-users values). */
export interface UserInfo {
  policyName?: string;
  status: UserStatus;
  memberOf?: string[];
  updatedAt: string;
}

/** What the user registry needs from the rest of IAM. */
export interface UserLinks {
  /** Whether a service account or STS session holds this access key. */
  isDerivedCredential(accessKey: string): boolean;
  /** Policy names attached to the user directly, in attach order. */
  attachedPolicies(user: string): string[];
  /** Names of the groups the user is a member of. */
  groupsOf(user: string): string[];
  /**
   * Deletes what hangs off a user that is being removed — service accounts, STS sessions, group
   * memberships, the policy mapping — in that order. Called inside the lock.
   */
  removeDependents(user: string): Promise<void>;
}

/** IAM users (access key, secret, status): the internal identity provider's accounts. */
export class Users {
  readonly #ctx: IamContext;
  readonly #links: UserLinks;
  #users = new Map<string, UserRecord>();

  constructor(ctx: IamContext, links: UserLinks) {
    this.#ctx = ctx;
    this.#links = links;
  }

  /** Replaces the users with loaded records. */
  load(records: UserRecord[]): void {
    this.#users = new Map(records.map((u) => [u.accessKey, u]));
  }

  get(accessKey: string): UserRecord | undefined {
    return this.#users.get(accessKey);
  }

  has(accessKey: string): boolean {
    return this.#users.has(accessKey);
  }

  isEnabled(accessKey: string): boolean {
    return this.#users.get(accessKey)?.status === 'enabled';
  }

  /** Is this parent (of a service account or STS session) still allowed to act: root or an enabled user? */
  canActFor(parent: string): boolean {
    return this.#ctx.isRoot(parent) || this.isEnabled(parent);
  }

  /** The groups a user is a member of (none for an unknown user). */
  groupsOf(accessKey: string): string[] {
    return this.#links.groupsOf(accessKey);
  }

  list(): Record<string, UserInfo> {
    const out: Record<string, UserInfo> = {};
    for (const name of [...this.#users.keys()].sort()) out[name] = this.info(name);
    return out;
  }

  info(accessKey: string): UserInfo {
    const user = this.#users.get(accessKey);
    if (!user) throw s3Error('XMinioAdminNoSuchUser');
    const policyName = this.#links.attachedPolicies(accessKey).join(',');
    const memberOf = this.#links.groupsOf(accessKey);
    return {
      ...(policyName ? { policyName } : {}),
      status: user.status,
      ...(memberOf.length > 0 ? { memberOf: memberOf.sort() } : {}),
      updatedAt: user.updatedAt,
    };
  }

  /** Creates a user or changes their secret/status (MinIO AddUser is an upsert). */
  async add(accessKey: string, secretKey: string, status: UserStatus = 'enabled'): Promise<void> {
    const akProblem = accessKeyProblem(accessKey);
    if (akProblem) throw invalid(akProblem);
    const skProblem = secretKeyProblem(secretKey);
    if (skProblem) throw invalid(skProblem);
    if (status !== 'enabled' && status !== 'disabled')
      throw invalid(`invalid user status '${String(status)}'`);
    if (this.#ctx.isRoot(accessKey)) throw invalid('the root user cannot be added or changed');
    await this.#ctx.serial(async () => {
      if (this.#links.isDerivedCredential(accessKey)) {
        throw invalid('access key is already used by a service account or STS session');
      }
      await this.#write({ accessKey, secretKey, status, updatedAt: nowIso() });
    });
  }

  async setStatus(accessKey: string, status: string): Promise<void> {
    if (this.#ctx.isRoot(accessKey)) throw invalid('the root user cannot be disabled');
    if (status !== 'enabled' && status !== 'disabled') throw invalid(`invalid user status '${status}'`);
    await this.#ctx.serial(async () => {
      const user = this.#users.get(accessKey);
      if (!user) throw s3Error('XMinioAdminNoSuchUser');
      await this.#write({ ...user, status, updatedAt: nowIso() });
    });
  }

  /** Removes a user, their service accounts and sessions, their group memberships and policy mapping. */
  async remove(accessKey: string): Promise<void> {
    if (this.#links.isDerivedCredential(accessKey)) {
      throw new S3Error('XMinioIAMActionNotAllowed', 'service accounts and STS credentials are not users');
    }
    await this.#ctx.serial(async () => {
      if (!this.#users.has(accessKey)) throw s3Error('XMinioAdminNoSuchUser');
      await this.#links.removeDependents(accessKey);
      await this.#ctx.persist.remove('users', accessKey);
      this.#users.delete(accessKey);
      this.#ctx.changed();
    });
  }

  async #write(record: UserRecord): Promise<void> {
    await this.#ctx.persist.save('users', record.accessKey, record);
    this.#users.set(record.accessKey, record);
    this.#ctx.changed();
  }
}
