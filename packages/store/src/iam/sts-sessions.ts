// SPDX-License-Identifier: Apache-2.0
import { type Policy, parsePolicy } from '@stowage/policy';
import { S3Error } from '../core/errors.js';
import type { IamContext } from './context.js';
import { generateAccessKey, generateSecretKey } from './keys.js';
import type { StsSessionRecord } from './records.js';
import type { IssuedCredentials } from './service-accounts.js';
import { deriveTokenKey, signSessionToken } from './session-token.js';
import type { Identity } from './types.js';
import { parseIamPolicy } from './validation.js';

/** What an STS action asks for when it issues temporary credentials. */
export interface NewStsSession {
  parentUser: string;
  durationSeconds: number;
  /** Session policy JSON (already size-checked by the STS handler). */
  policy?: string;
  claims?: Record<string, string>;
  source: string;
  /**
   * For external identity providers (AssumeRoleWithWebIdentity, AssumeRoleWithLDAPIdentity): the
   * canned policies the session gets instead of an internal parent user's. The parent then names the
   * external identity (OpenID subject, LDAP DN) and need not exist as a user.
   */
  externalPolicies?: string[];
}

/** An STS session with its session policy parsed. */
export interface LoadedSession {
  record: StsSessionRecord;
  sessionPolicy: Policy | null;
}

/** What temporary-account-info reports about a session. */
export interface StsSessionInfo {
  parentUser: string;
  expiration: Date;
  implied: boolean;
  policy: Record<string, unknown>;
}

/** What the STS sessions need from the rest of IAM. */
export interface StsSessionLinks {
  /** The policy document describing what an identity may do (see EffectivePolicies.document). */
  policyDocument(identity: Identity): Record<string, unknown>;
}

/**
 * Temporary credentials issued by STS (AssumeRole and friends): kept until they expire so sessions
 * survive a restart, dropped when they are found expired.
 */
export class StsSessions {
  readonly #ctx: IamContext;
  readonly #links: StsSessionLinks;
  readonly #tokenKey: Uint8Array;
  #sessions = new Map<string, LoadedSession>();

  constructor(ctx: IamContext, links: StsSessionLinks) {
    this.#ctx = ctx;
    this.#links = links;
    this.#tokenKey = deriveTokenKey(ctx.root.secretKey);
  }

  /**
   * Replaces the sessions with loaded records: expired ones are deleted from the system store,
   * unparsable ones reported and skipped.
   */
  async load(records: StsSessionRecord[], warn: (what: string, err: unknown) => void): Promise<void> {
    this.#sessions = new Map();
    const now = Date.now();
    for (const s of records) {
      if (s.expiration <= now) {
        await this.#ctx.persist.remove('sts', s.accessKey).catch(() => undefined);
        continue;
      }
      try {
        this.#sessions.set(s.accessKey, {
          record: s,
          sessionPolicy: s.sessionPolicy ? parsePolicy(s.sessionPolicy) : null,
        });
      } catch (err) {
        warn(`STS session ${s.accessKey}`, err);
      }
    }
  }

  /** Is the access key held by a session (expired or not)? */
  has(accessKey: string): boolean {
    return this.#sessions.has(accessKey);
  }

  /** The session, expired or not, if it is known. */
  find(accessKey: string): LoadedSession | undefined {
    return this.#sessions.get(accessKey);
  }

  /**
   * The session for a credential lookup; an expired one is forgotten (and deleted in the background)
   * and gives null like an unknown one.
   */
  active(accessKey: string): LoadedSession | null {
    const session = this.#sessions.get(accessKey);
    if (!session) return null;
    if (session.record.expiration <= Date.now()) {
      this.#sessions.delete(accessKey);
      void this.#ctx.persist.remove('sts', accessKey).catch(() => undefined);
      return null;
    }
    return session;
  }

  /** Expiry of a session, or null when the access key is not a session's. */
  expiration(accessKey: string): Date | null {
    const s = this.#sessions.get(accessKey);
    return s ? new Date(s.record.expiration) : null;
  }

  /**
   * An unexpired session and the policy it is held to (its session policy, or — implied — its
   * parent's), for temporary-account-info. XMinioInvalidIAMCredentials (404) when unknown or expired.
   */
  info(accessKey: string): StsSessionInfo {
    const s = this.#sessions.get(accessKey);
    if (!s || s.record.expiration <= Date.now()) {
      throw new S3Error(
        'XMinioInvalidIAMCredentials',
        'The specified temporary account is not found',
        {},
        404,
      );
    }
    const parent = s.record.parentUser;
    return {
      parentUser: parent,
      expiration: new Date(s.record.expiration),
      implied: s.sessionPolicy === null,
      // The session policy if any, else the external provider's policies, else the parent user's.
      policy: this.#links.policyDocument({ kind: 'sts', accessKey, parentUser: parent }),
    };
  }

  /** Issues temporary credentials for a parent user (AssumeRole and friends) and persists the session. */
  async create(req: NewStsSession): Promise<IssuedCredentials> {
    const sessionPolicy = req.policy ? parseIamPolicy(req.policy) : null;
    const accessKey = generateAccessKey();
    const secretKey = generateSecretKey();
    const expiration = Date.now() + req.durationSeconds * 1000;
    const sessionToken = await signSessionToken(this.#tokenKey, {
      accessKey,
      parent: req.parentUser,
      exp: Math.floor(expiration / 1000),
      ...(req.policy ? { sessionPolicy: Buffer.from(req.policy, 'utf8').toString('base64') } : {}),
    });
    const record: StsSessionRecord = {
      accessKey,
      secretKey,
      sessionToken,
      parentUser: req.parentUser,
      expiration,
      ...(sessionPolicy ? { sessionPolicy: sessionPolicy.raw as Record<string, unknown> } : {}),
      ...(req.claims ? { claims: req.claims } : {}),
      source: req.source,
      ...(req.externalPolicies ? { externalPolicies: req.externalPolicies } : {}),
    };
    await this.#ctx.serial(async () => {
      await this.#ctx.persist.save('sts', accessKey, record);
      this.#sessions.set(accessKey, { record, sessionPolicy });
    });
    return { accessKey, secretKey, sessionToken, expiration: new Date(expiration) };
  }

  /** Drops expired sessions from memory and disk (called periodically and at load). */
  async purgeExpired(): Promise<number> {
    const now = Date.now();
    const expired = [...this.#sessions.values()].filter((s) => s.record.expiration <= now);
    await this.#ctx.serial(async () => {
      for (const s of expired) {
        await this.#ctx.persist.remove('sts', s.record.accessKey);
        this.#sessions.delete(s.record.accessKey);
      }
    });
    return expired.length;
  }

  /** Deletes the sessions of a user being removed. Called inside the lock. */
  async removeOwnedBy(parentUser: string): Promise<void> {
    for (const [ak, s] of this.#sessions) {
      if (s.record.parentUser === parentUser) {
        await this.#ctx.persist.remove('sts', ak);
        this.#sessions.delete(ak);
      }
    }
  }
}
