// SPDX-License-Identifier: Apache-2.0
import { hasCapability, type Session } from '@stowage/contracts';
import { type Policy, readPolicy } from '@stowage/policy';
import { managementApis } from '../capabilities/management-apis.js';
import { reportedCapabilities } from '../capabilities/rules.js';
import { isDistributed, readAccountInfo } from '../clients/store-clients.js';
import { sessionPermissions } from '../permissions/evaluate.js';
import { allowedPages } from '../permissions/pages.js';
import type { ConsoleSession } from './session-plugin.js';

/** What the console knows about the signed-in identity, derived from one `accountinfo` call. */
export interface IdentitySnapshot {
  session: Session;
  policy: Policy;
  /** Policy variables for this identity (`aws:username`, …). */
  variables: Record<string, string>;
}

/** Short enough that a policy change shows up on the next page load, long enough to absorb bursts. */
const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

/**
 * Computes and briefly caches, per session, the identity's effective policy, permission map and pages
 * (PROTOCOL-NOTES §5). The cache holds the promise, so concurrent requests of one page load share one
 * round trip to the store. Failed lookups are not cached.
 */
export class IdentitySnapshots {
  private readonly entries = new Map<string, { at: number; value: Promise<IdentitySnapshot> }>();

  constructor(
    private readonly features: readonly string[] = [],
    /** Whether the server signs users in against LDAP (then the directory owns users and groups). */
    private readonly ldapEnabled: () => Promise<boolean> = async () => false,
  ) {}

  get(session: ConsoleSession): Promise<IdentitySnapshot> {
    // Sessions that sign with the user's own keys share one access key across sign-ins, each with the
    // capabilities detected then, so those are part of the key.
    const key = `${session.credentials.accessKey}\n${session.credentials.caps?.join(',') ?? '*'}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit !== undefined && now - hit.at < TTL_MS) return hit.value;
    if (this.entries.size >= MAX_ENTRIES) {
      for (const [k, v] of this.entries) if (now - v.at >= TTL_MS) this.entries.delete(k);
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    }
    const value = this.load(session);
    this.entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  private async load(session: ConsoleSession): Promise<IdentitySnapshot> {
    const capabilities = session.credentials.caps;
    if (!hasCapability(capabilities, 'admin')) return this.withoutAdminApi(session, capabilities ?? []);
    const account = await readAccountInfo(session.admin);
    const builtinUser = session.credentials.builtinUser;
    const distributedMode = await isDistributed(session.admin, account);
    const ldap = await this.ldapEnabled().catch(() => false);
    const accountName = account.accountName !== '' ? account.accountName : session.accountName;
    const variables = { 'aws:username': accountName, ...account.claims };
    const policy = readPolicy(account.policy);
    const permissions = sessionPermissions(policy, variables);
    return {
      policy,
      variables,
      session: {
        operator: false,
        status: 'ok',
        pages: allowedPages({ permissions, builtinUser, ldap, distributed: distributedMode, capabilities }),
        // "ldap-idp", as MinIO's console names it: the identity screens list the directory's DNs.
        features: ldap ? [...this.features, 'ldap-idp'] : [...this.features],
        ...(capabilities === undefined ? {} : { capabilities: reportedCapabilities(capabilities) }),
        distributedMode,
        userName: session.accountName,
        permissions,
        ...(session.credentials.idp ? { identityProvider: session.credentials.idp } : {}),
      },
    };
  }

  /**
   * A server without MinIO's admin API (Ceph RGW, s3rver, …) cannot say which policy applies to the
   * identity, so the console offers every S3 action and lets the server decide each request; the pages
   * are those that need nothing the server lacks.
   */
  private withoutAdminApi(session: ConsoleSession, capabilities: readonly string[]): IdentitySnapshot {
    const variables = { 'aws:username': session.accountName };
    const policy = readPolicy(serverDecidesPolicy);
    const permissions = sessionPermissions(policy, variables);
    return {
      policy,
      variables,
      session: {
        operator: false,
        status: 'ok',
        pages: allowedPages({ permissions, builtinUser: false, distributed: false, capabilities }),
        features: [...this.features],
        capabilities: reportedCapabilities(capabilities),
        managementApis: managementApis(capabilities),
        distributedMode: false,
        userName: session.accountName,
        permissions,
      },
    };
  }
}

/** Every S3 action on every bucket: the console shows them all, and the server authorizes each request. */
const serverDecidesPolicy = {
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] }],
};
