// SPDX-License-Identifier: Apache-2.0
import { CANNED_POLICY_DOCUMENTS, type Policy, parsePolicy, ROOT_POLICY_NAME } from '@stowage/policy';
import type { IamContext } from './context.js';
import type { Groups } from './groups.js';
import type { PolicyMappings } from './mappings.js';
import type { Policies } from './policies.js';
import type { ServiceAccounts } from './service-accounts.js';
import type { StsSessions } from './sts-sessions.js';
import type { Identity } from './types.js';

/** The IAM parts effective policies are computed from. */
export interface EffectivePolicySources {
  policies: Policies;
  mappings: PolicyMappings;
  groups: Groups;
  serviceAccounts: ServiceAccounts;
  sessions: StsSessions;
}

/** A policy document merging the statements of several policies. */
function mergeDocuments(policies: Policy[]): Record<string, unknown> {
  return {
    Version: '2012-10-17',
    Statement: policies.flatMap((p) => {
      const st = p.raw.Statement;
      return Array.isArray(st) ? st : st === undefined ? [] : [st];
    }),
  };
}

/**
 * Which policies apply to an identity: a user's own mapping plus their enabled groups' (cached per user
 * until users, groups, policies or mappings change), an external STS session's provider policies, and
 * the session policy narrowing a service account or STS session.
 */
export class EffectivePolicies {
  readonly #ctx: IamContext;
  readonly #src: EffectivePolicySources;
  /** Effective policies per user (own + enabled groups), rebuilt lazily after any change. */
  readonly #cache = new Map<string, Policy[]>();

  constructor(ctx: IamContext, sources: EffectivePolicySources) {
    this.#ctx = ctx;
    this.#src = sources;
    ctx.onChange(() => this.#cache.clear());
  }

  /** Names of the policies attached to a user directly and through enabled groups. */
  namesOf(user: string): string[] {
    const names = new Set(this.#src.mappings.of(user, false));
    for (const g of this.#src.groups.enabledGroupsOf(user)) {
      for (const p of this.#src.mappings.of(g, true)) names.add(p);
    }
    return [...names];
  }

  /** Policies of a user: their own mapping plus those of every enabled group they belong to. */
  ofUser(user: string): Policy[] {
    const cached = this.#cache.get(user);
    if (cached) return cached;
    const out = this.#resolve(this.namesOf(user));
    this.#cache.set(user, out);
    return out;
  }

  /**
   * Policies of an STS session from an external identity provider (or a service account made by one),
   * or null for internal parents.
   */
  external(identity: Identity): Policy[] | null {
    if (identity.kind !== 'sts' && identity.kind !== 'service-account') return null;
    const names =
      identity.kind === 'sts'
        ? this.#src.sessions.find(identity.accessKey)?.record.externalPolicies
        : this.#src.serviceAccounts.find(identity.accessKey)?.record.externalPolicies;
    return names ? this.#resolve(names) : null;
  }

  /** Session policy narrowing an identity (service account or STS), or null. */
  session(identity: Identity): Policy | null {
    if (identity.kind === 'service-account')
      return this.#src.serviceAccounts.find(identity.accessKey)?.sessionPolicy ?? null;
    if (identity.kind === 'sts') return this.#src.sessions.find(identity.accessKey)?.sessionPolicy ?? null;
    return null;
  }

  /**
   * The policy document describing what an identity may do, as accountinfo reports it: root gets
   * consoleAdmin; users the merge of their policies; derived credentials their session policy if any.
   */
  document(identity: Identity): Record<string, unknown> {
    if (identity.kind === 'anonymous') return mergeDocuments([]);
    const session = this.session(identity);
    if (session) return mergeDocuments([session]);
    const external = this.external(identity);
    if (external) return mergeDocuments(external);
    const user = identity.kind === 'user' ? identity.accessKey : identity.parentUser;
    if (identity.kind === 'root' || this.#ctx.isRoot(user)) {
      // Always the built-in consoleAdmin, even if an administrator redefined the policy of that name.
      return mergeDocuments([parsePolicy(CANNED_POLICY_DOCUMENTS[ROOT_POLICY_NAME] ?? {})]);
    }
    return mergeDocuments(this.ofUser(user));
  }

  /** The parsed policies of those names that exist. */
  #resolve(names: Iterable<string>): Policy[] {
    const out: Policy[] = [];
    for (const n of names) {
      const p = this.#src.policies.parsed(n);
      if (p) out.push(p);
    }
    return out;
  }
}
