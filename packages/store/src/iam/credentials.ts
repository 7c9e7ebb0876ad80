// SPDX-License-Identifier: Apache-2.0
import type { IamContext } from './context.js';
import type { ServiceAccounts } from './service-accounts.js';
import type { StsSessions } from './sts-sessions.js';
import type { IdentityKind, ResolvedCredentials } from './types.js';
import type { Users } from './users.js';

/** The credential kinds an access key can name (everything but anonymous). */
export type CredentialKind = Exclude<IdentityKind, 'anonymous'>;

/**
 * Resolves an access key to its secret and identity for request authentication: root, an enabled user,
 * an enabled service account of an active parent, or an unexpired STS session.
 */
export class CredentialResolver {
  readonly #ctx: IamContext;
  readonly #users: Users;
  readonly #serviceAccounts: ServiceAccounts;
  readonly #sessions: StsSessions;

  constructor(ctx: IamContext, users: Users, serviceAccounts: ServiceAccounts, sessions: StsSessions) {
    this.#ctx = ctx;
    this.#users = users;
    this.#serviceAccounts = serviceAccounts;
    this.#sessions = sessions;
  }

  /** null when the key is unknown, disabled (or its parent is), or an expired session. */
  async lookup(accessKey: string): Promise<ResolvedCredentials | null> {
    if (accessKey === '') return null;
    const root = this.#ctx.root;
    if (accessKey === root.accessKey) {
      return { secretKey: root.secretKey, identity: { kind: 'root', accessKey, parentUser: accessKey } };
    }
    const user = this.#users.get(accessKey);
    if (user) {
      if (user.status !== 'enabled') return null;
      return { secretKey: user.secretKey, identity: { kind: 'user', accessKey, parentUser: accessKey } };
    }
    const sa = this.#serviceAccounts.find(accessKey);
    if (sa) {
      if (sa.record.status !== 'on') return null;
      if (!sa.record.externalPolicies && !this.#users.canActFor(sa.record.parentUser)) return null;
      return {
        secretKey: sa.record.secretKey,
        identity: { kind: 'service-account', accessKey, parentUser: sa.record.parentUser },
      };
    }
    const session = this.#sessions.active(accessKey);
    if (session) {
      const r = session.record;
      if (!r.externalPolicies && !this.#users.canActFor(r.parentUser)) return null;
      return {
        secretKey: r.secretKey,
        sessionToken: r.sessionToken,
        identity: {
          kind: 'sts',
          accessKey,
          parentUser: r.parentUser,
          ...(r.claims ? { claims: r.claims } : {}),
        },
      };
    }
    return null;
  }

  /** What kind of credential an access key names, without checking its status; null when unknown. */
  kind(accessKey: string): CredentialKind | null {
    if (this.#ctx.isRoot(accessKey)) return 'root';
    if (this.#users.has(accessKey)) return 'user';
    if (this.#serviceAccounts.has(accessKey)) return 'service-account';
    if (this.#sessions.has(accessKey)) return 'sts';
    return null;
  }
}
