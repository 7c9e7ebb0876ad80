// SPDX-License-Identifier: Apache-2.0
import { type Policy, parsePolicy } from '@stowage/policy';
import { s3Error } from '../core/errors.js';
import type { IamContext } from './context.js';
import { accessKeyProblem, generateAccessKey, generateSecretKey, secretKeyProblem } from './keys.js';
import type { ServiceAccountRecord, ServiceAccountStatus } from './records.js';
import type { Identity } from './types.js';
import { invalid, noSuchServiceAccount, nowIso, parseIamPolicy } from './validation.js';

/** Credentials handed out by add-service-account and STS. */
export interface IssuedCredentials {
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/** add-service-account request: keys are generated when not given. */
export interface NewServiceAccount {
  parentUser: string;
  accessKey?: string;
  secretKey?: string;
  /** Session policy (JSON text or object); narrows the parent's policies. */
  policy?: string | Record<string, unknown> | null;
  comment?: string;
  /** For an external parent (see ServiceAccountRecord.externalPolicies); the parent need not be a user. */
  externalPolicies?: string[];
}

/** update-service-account request: only the fields given change. */
export interface ServiceAccountUpdate {
  secretKey?: string;
  status?: ServiceAccountStatus;
  /** A new session policy; `null` removes it (the parent's policies apply again). */
  policy?: string | Record<string, unknown> | null;
  comment?: string;
}

/** A service account with its session policy parsed. */
export interface LoadedServiceAccount {
  record: ServiceAccountRecord;
  sessionPolicy: Policy | null;
}

/** What the service accounts need from the rest of IAM. */
export interface ServiceAccountLinks {
  userExists(user: string): boolean;
  /** Is the access key held by root, a user or an STS session? */
  isOtherCredential(accessKey: string): boolean;
  /** The policy document describing what an identity may do (see EffectivePolicies.document). */
  policyDocument(identity: Identity): Record<string, unknown>;
}

/** Long-lived credentials acting for a parent user (or root), optionally narrowed by a session policy. */
export class ServiceAccounts {
  readonly #ctx: IamContext;
  readonly #links: ServiceAccountLinks;
  #accounts = new Map<string, LoadedServiceAccount>();

  constructor(ctx: IamContext, links: ServiceAccountLinks) {
    this.#ctx = ctx;
    this.#links = links;
  }

  /** Replaces the service accounts with loaded records (unparsable ones reported and skipped). */
  load(records: ServiceAccountRecord[], warn: (what: string, err: unknown) => void): void {
    this.#accounts = new Map();
    for (const sa of records) {
      try {
        this.#accounts.set(sa.accessKey, {
          record: sa,
          sessionPolicy: sa.sessionPolicy ? parsePolicy(sa.sessionPolicy) : null,
        });
      } catch (err) {
        warn(`service account ${sa.accessKey}`, err);
      }
    }
  }

  has(accessKey: string): boolean {
    return this.#accounts.has(accessKey);
  }

  /** The service account and its parsed session policy, if it exists. */
  find(accessKey: string): LoadedServiceAccount | undefined {
    return this.#accounts.get(accessKey);
  }

  async add(req: NewServiceAccount): Promise<IssuedCredentials> {
    const parent = req.parentUser;
    if (!req.externalPolicies && !this.#ctx.isRoot(parent) && !this.#links.userExists(parent)) {
      throw s3Error('XMinioAdminNoSuchUser');
    }
    const accessKey = req.accessKey || generateAccessKey();
    const secretKey = req.secretKey || generateSecretKey();
    const akProblem = accessKeyProblem(accessKey);
    if (akProblem) throw invalid(akProblem);
    const skProblem = secretKeyProblem(secretKey);
    if (skProblem) throw invalid(skProblem);
    const sessionPolicy = req.policy ? parseIamPolicy(req.policy) : null;
    if (req.comment !== undefined && req.comment.length > 256)
      throw invalid('comment must be at most 256 characters');
    return this.#ctx.serial(async () => {
      if (this.#links.isOtherCredential(accessKey) || this.#accounts.has(accessKey)) {
        throw invalid('access key is already in use');
      }
      const now = nowIso();
      const record: ServiceAccountRecord = {
        accessKey,
        secretKey,
        parentUser: parent,
        status: 'on',
        ...(sessionPolicy ? { sessionPolicy: sessionPolicy.raw as Record<string, unknown> } : {}),
        ...(req.comment ? { comment: req.comment } : {}),
        ...(req.externalPolicies ? { externalPolicies: req.externalPolicies } : {}),
        createdAt: now,
        updatedAt: now,
      };
      await this.#ctx.persist.save('serviceAccounts', accessKey, record);
      this.#accounts.set(accessKey, { record, sessionPolicy });
      return { accessKey, secretKey };
    });
  }

  /** The record plus its parsed session policy; XMinioInvalidIAMCredentials (404) when unknown. */
  get(accessKey: string): ServiceAccountRecord & { sessionPolicyParsed: Policy | null } {
    const sa = this.#accounts.get(accessKey);
    if (!sa) throw noSuchServiceAccount();
    return { ...sa.record, sessionPolicyParsed: sa.sessionPolicy };
  }

  /** Access keys of the parent's service accounts, sorted. */
  list(parentUser: string): string[] {
    return [...this.#accounts.values()]
      .filter((sa) => sa.record.parentUser === parentUser)
      .map((sa) => sa.record.accessKey)
      .sort();
  }

  async update(accessKey: string, update: ServiceAccountUpdate): Promise<void> {
    if (update.secretKey !== undefined && update.secretKey !== '') {
      const p = secretKeyProblem(update.secretKey);
      if (p) throw invalid(p);
    }
    if (update.status !== undefined && update.status !== 'on' && update.status !== 'off') {
      throw invalid(`invalid service account status '${String(update.status)}' (expected on or off)`);
    }
    const newPolicy = update.policy
      ? parseIamPolicy(update.policy)
      : update.policy === null
        ? null
        : undefined;
    await this.#ctx.serial(async () => {
      const sa = this.#accounts.get(accessKey);
      if (!sa) throw noSuchServiceAccount();
      const record: ServiceAccountRecord = { ...sa.record, updatedAt: nowIso() };
      if (update.secretKey) record.secretKey = update.secretKey;
      if (update.status) record.status = update.status;
      if (update.comment !== undefined) record.comment = update.comment;
      let sessionPolicy = sa.sessionPolicy;
      if (newPolicy !== undefined) {
        sessionPolicy = newPolicy;
        if (newPolicy) record.sessionPolicy = newPolicy.raw as Record<string, unknown>;
        else delete record.sessionPolicy;
      }
      await this.#ctx.persist.save('serviceAccounts', accessKey, record);
      this.#accounts.set(accessKey, { record, sessionPolicy });
    });
  }

  async delete(accessKey: string): Promise<void> {
    await this.#ctx.serial(async () => {
      if (!this.#accounts.has(accessKey)) throw noSuchServiceAccount();
      await this.#ctx.persist.remove('serviceAccounts', accessKey);
      this.#accounts.delete(accessKey);
    });
  }

  /** Deletes the service accounts of a user being removed. Called inside the lock. */
  async removeOwnedBy(parentUser: string): Promise<void> {
    for (const [ak, sa] of this.#accounts) {
      if (sa.record.parentUser === parentUser) {
        await this.#ctx.persist.remove('serviceAccounts', ak);
        this.#accounts.delete(ak);
      }
    }
  }

  /**
   * The policy a service account is held to, as info-service-account shows it: its session policy, or
   * (implied) the merge of its parent's policies.
   */
  policyOf(accessKey: string): { implied: boolean; policy: Record<string, unknown> } {
    const sa = this.get(accessKey);
    if (sa.sessionPolicyParsed)
      return { implied: false, policy: sa.sessionPolicyParsed.raw as Record<string, unknown> };
    const parent = sa.parentUser;
    if (sa.externalPolicies) {
      const self: Identity = { kind: 'service-account', accessKey, parentUser: parent };
      return { implied: true, policy: this.#links.policyDocument(self) };
    }
    const identity: Identity = this.#ctx.isRoot(parent)
      ? { kind: 'root', accessKey: parent, parentUser: parent }
      : { kind: 'user', accessKey: parent, parentUser: parent };
    return { implied: true, policy: this.#links.policyDocument(identity) };
  }
}
