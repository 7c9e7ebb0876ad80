import {
  CANNED_POLICY_DOCUMENTS,
  type ConditionValues,
  isAllowedByPolicies,
  lowerCased,
  type Policy,
  PolicyError,
  type PolicyKind,
  parsePolicy,
  ROOT_POLICY_NAME,
} from '@stowage/policy';
import { S3Error, s3Error } from '../errors.js';
import type { SystemStore } from '../object-layer/types.js';
import { accessKeyProblem, generateAccessKey, generateSecretKey, secretKeyProblem } from './keys.js';
import { IamPersistence } from './persistence.js';
import type {
  GroupRecord,
  PolicyMappingRecord,
  PolicyRecord,
  ServiceAccountRecord,
  ServiceAccountStatus,
  StsSessionRecord,
  UserRecord,
  UserStatus,
} from './records.js';
import { deriveTokenKey, signSessionToken } from './session-token.js';
import type {
  AuthorizationRequest,
  Authorizer,
  CredentialStore,
  Identity,
  ResolvedCredentials,
} from './types.js';

/** Root credentials from MINIO_ROOT_USER / MINIO_ROOT_PASSWORD. */
export interface RootCredentials {
  accessKey: string;
  secretKey: string;
}

/** Reads a bucket's policy document (the object layer's `policy` bucket config); null when none. */
export type BucketPolicySource = (bucket: string) => Promise<Buffer | null>;

export interface IamOptions {
  /** Where anonymous requests find bucket policies. Without it, anonymous requests are denied. */
  bucketPolicies?: BucketPolicySource;
  /** Reports IAM documents that could not be read at load (never includes secrets). */
  onWarning?: (message: string) => void;
}

/** madmin UserInfo (user-info, list-users values). */
export interface UserInfo {
  policyName?: string;
  status: UserStatus;
  memberOf?: string[];
  updatedAt: string;
}

/** madmin GroupDesc. */
export interface GroupDescription {
  name: string;
  status: UserStatus;
  members: string[];
  policy: string;
  updatedAt: string;
}

export interface PolicyInfo {
  name: string;
  policy: Record<string, unknown>;
  createDate: string;
  updateDate: string;
}

/** Credentials handed out by add-service-account and STS. */
export interface IssuedCredentials {
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export interface NewServiceAccount {
  parentUser: string;
  accessKey?: string;
  secretKey?: string;
  /** Session policy (JSON text or object); narrows the parent's policies. */
  policy?: string | Record<string, unknown> | null;
  comment?: string;
}

export interface ServiceAccountUpdate {
  secretKey?: string;
  status?: ServiceAccountStatus;
  /** A new session policy; `null` removes it (the parent's policies apply again). */
  policy?: string | Record<string, unknown> | null;
  comment?: string;
}

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

export interface PolicyEntities {
  timestamp: string;
  userMappings?: { user: string; policies: string[] }[];
  groupMappings?: { group: string; policies: string[] }[];
  policyMappings?: { policy: string; users: string[]; groups: string[] }[];
}

interface LoadedPolicy {
  record: PolicyRecord;
  parsed: Policy;
  builtin: boolean;
}

interface LoadedServiceAccount {
  record: ServiceAccountRecord;
  sessionPolicy: Policy | null;
}

interface LoadedSession {
  record: StsSessionRecord;
  sessionPolicy: Policy | null;
}

const NAME_MAX = 128;

function nowIso(): string {
  return new Date().toISOString();
}

/** Parses a policy for IAM use, turning validation failures into XMinioMalformedIAMPolicy. */
export function parseIamPolicy(input: string | Uint8Array | object, kind: PolicyKind = 'iam'): Policy {
  try {
    return parsePolicy(input, kind);
  } catch (err) {
    if (err instanceof PolicyError)
      throw new S3Error('XMinioMalformedIAMPolicy', `invalid policy: ${err.message}`);
    throw err;
  }
}

function invalid(message: string): S3Error {
  return new S3Error('XMinioAdminInvalidArgument', message);
}

function checkEntityName(what: string, name: string): void {
  if (name === '') throw invalid(`${what} name must not be empty`);
  if (name.length > NAME_MAX) throw invalid(`${what} name must be at most ${NAME_MAX} characters`);
  if (name.trim() !== name) throw invalid(`${what} name must not begin or end with spaces`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f\u007f]/.test(name)) throw invalid(`${what} name must not contain control characters`);
}

function checkPolicyName(name: string): void {
  checkEntityName('policy', name);
  if (name.includes(',')) throw invalid('policy name must not contain commas');
}

/** Splits a comma-joined policy list ("readonly,diagnostics"), dropping blanks and duplicates. */
export function splitPolicyNames(names: string): string[] {
  return [
    ...new Set(
      names
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}

/**
 * The store's identity and access management (MinIO's internal IdP): root, users, groups, canned
 * policies and their mappings, service accounts and STS sessions. Everything is held in memory for
 * fast lookups and written through to the system store (one JSON document per entity) before a
 * mutation is acknowledged; {@link IamSystem.load} reads it all back at start and on service restart.
 */
export class IamSystem implements CredentialStore, Authorizer {
  readonly #root: RootCredentials;
  readonly #persist: IamPersistence;
  readonly #tokenKey: Uint8Array;
  readonly #options: IamOptions;

  #users = new Map<string, UserRecord>();
  #groups = new Map<string, GroupRecord>();
  #policies = new Map<string, LoadedPolicy>();
  #userPolicies = new Map<string, PolicyMappingRecord>();
  #groupPolicies = new Map<string, PolicyMappingRecord>();
  #serviceAccounts = new Map<string, LoadedServiceAccount>();
  #sessions = new Map<string, LoadedSession>();
  /** Effective policies per user (own + enabled groups), rebuilt lazily after any change. */
  #policyCache = new Map<string, Policy[]>();
  /** Parsed bucket policies keyed by their exact text. */
  #bucketPolicyCache = new Map<string, Policy | null>();
  #lock: Promise<unknown> = Promise.resolve();
  #startedAt = nowIso();

  constructor(system: SystemStore, root: RootCredentials, options: IamOptions = {}) {
    this.#root = root;
    this.#persist = new IamPersistence(system);
    this.#tokenKey = deriveTokenKey(root.secretKey);
    this.#options = options;
    this.#installBuiltins();
  }

  get rootAccessKey(): string {
    return this.#root.accessKey;
  }

  /**
   * Sets where anonymous requests find bucket policies (the object layer, once it is open); with
   * `replace` false an already configured source is kept.
   */
  useBucketPolicies(source: BucketPolicySource, replace = true): void {
    if (replace || !this.#options.bucketPolicies) this.#options.bucketPolicies = source;
  }

  // ---------------------------------------------------------------- loading

  #installBuiltins(): void {
    for (const [name, doc] of Object.entries(CANNED_POLICY_DOCUMENTS)) {
      this.#policies.set(name, {
        record: {
          name,
          policy: doc as Record<string, unknown>,
          createDate: this.#startedAt,
          updateDate: this.#startedAt,
        },
        parsed: parsePolicy(doc),
        builtin: true,
      });
    }
  }

  /** (Re)reads every IAM document from the system store, replacing the in-memory state. */
  async load(): Promise<void> {
    await this.#serial(async () => {
      const warn = (path: string, err: unknown): void =>
        this.#options.onWarning?.(`IAM: skipping unreadable ${path}: ${(err as Error).message}`);
      const [users, groups, policies, userPolicies, groupPolicies, sas, sessions] = await Promise.all([
        this.#persist.loadAll<UserRecord>('users', warn),
        this.#persist.loadAll<GroupRecord>('groups', warn),
        this.#persist.loadAll<PolicyRecord>('policies', warn),
        this.#persist.loadAll<PolicyMappingRecord>('userPolicies', warn),
        this.#persist.loadAll<PolicyMappingRecord>('groupPolicies', warn),
        this.#persist.loadAll<ServiceAccountRecord>('serviceAccounts', warn),
        this.#persist.loadAll<StsSessionRecord>('sts', warn),
      ]);
      this.#users = new Map(users.map((u) => [u.accessKey, u]));
      this.#groups = new Map(groups.map((g) => [g.name, g]));
      this.#policies = new Map();
      this.#installBuiltins();
      for (const p of policies) {
        try {
          this.#policies.set(p.name, {
            record: p,
            parsed: parsePolicy(p.policy),
            builtin: p.name in CANNED_POLICY_DOCUMENTS,
          });
        } catch (err) {
          warn(`policy ${p.name}`, err);
        }
      }
      this.#userPolicies = new Map(userPolicies.map((m) => [m.name, m]));
      this.#groupPolicies = new Map(groupPolicies.map((m) => [m.name, m]));
      this.#serviceAccounts = new Map();
      for (const sa of sas) {
        try {
          this.#serviceAccounts.set(sa.accessKey, {
            record: sa,
            sessionPolicy: sa.sessionPolicy ? parsePolicy(sa.sessionPolicy) : null,
          });
        } catch (err) {
          warn(`service account ${sa.accessKey}`, err);
        }
      }
      this.#sessions = new Map();
      const now = Date.now();
      for (const s of sessions) {
        if (s.expiration <= now) {
          await this.#persist.remove('sts', s.accessKey).catch(() => undefined);
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
      this.#policyCache.clear();
    });
  }

  /** Runs mutations one at a time so memory and disk never diverge. */
  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#lock.then(fn, fn);
    this.#lock = run.catch(() => undefined);
    return run;
  }

  #changed(): void {
    this.#policyCache.clear();
  }

  // ---------------------------------------------------------------- credentials

  /** Is this parent (of a service account or STS session) still allowed to act? */
  #parentActive(parent: string): boolean {
    if (parent === this.#root.accessKey) return true;
    return this.#users.get(parent)?.status === 'enabled';
  }

  async lookup(accessKey: string): Promise<ResolvedCredentials | null> {
    if (accessKey === '') return null;
    if (accessKey === this.#root.accessKey) {
      return {
        secretKey: this.#root.secretKey,
        identity: { kind: 'root', accessKey, parentUser: accessKey },
      };
    }
    const user = this.#users.get(accessKey);
    if (user) {
      if (user.status !== 'enabled') return null;
      return { secretKey: user.secretKey, identity: { kind: 'user', accessKey, parentUser: accessKey } };
    }
    const sa = this.#serviceAccounts.get(accessKey);
    if (sa) {
      if (sa.record.status !== 'on' || !this.#parentActive(sa.record.parentUser)) return null;
      return {
        secretKey: sa.record.secretKey,
        identity: { kind: 'service-account', accessKey, parentUser: sa.record.parentUser },
      };
    }
    const session = this.#sessions.get(accessKey);
    if (session) {
      const r = session.record;
      if (r.expiration <= Date.now()) {
        this.#sessions.delete(accessKey);
        void this.#persist.remove('sts', accessKey).catch(() => undefined);
        return null;
      }
      if (!r.externalPolicies && !this.#parentActive(r.parentUser)) return null;
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
  credentialKind(accessKey: string): 'root' | 'user' | 'service-account' | 'sts' | null {
    if (accessKey === this.#root.accessKey) return 'root';
    if (this.#users.has(accessKey)) return 'user';
    if (this.#serviceAccounts.has(accessKey)) return 'service-account';
    if (this.#sessions.has(accessKey)) return 'sts';
    return null;
  }

  /** Expiry of an STS session (for the STS/console layer), or null for long-lived credentials. */
  sessionExpiration(accessKey: string): Date | null {
    const s = this.#sessions.get(accessKey);
    return s ? new Date(s.record.expiration) : null;
  }

  // ---------------------------------------------------------------- authorization

  /** The request's condition values plus the identity's (aws:username, aws:userid, jwt:*, ldap:*). */
  #conditionsFor(req: AuthorizationRequest): ConditionValues {
    const identity = req.identity;
    const record = req.conditions;
    return {
      get(lowerKey: string): string[] | undefined {
        // Scan the request's few keys (no per-request Map): their lower-case forms are memoised.
        for (const k in record) {
          if (lowerCased(k) === lowerKey) {
            const v = record[k];
            if (v !== undefined) return v;
          }
        }
        switch (lowerKey) {
          case 'aws:username':
          case 'aws:userid':
            return identity.kind === 'anonymous' ? undefined : [identity.parentUser];
          case 'aws:principaltype':
            return [
              identity.kind === 'root'
                ? 'Account'
                : identity.kind === 'sts'
                  ? 'AssumedRole'
                  : identity.kind === 'anonymous'
                    ? 'Anonymous'
                    : 'User',
            ];
          case 'aws:currenttime':
            return [new Date().toISOString()];
          case 'aws:epochtime':
            return [String(Math.floor(Date.now() / 1000))];
          default: {
            const claims = identity.claims;
            if (!claims) return undefined;
            const colon = lowerKey.indexOf(':');
            const bare = colon === -1 ? lowerKey : lowerKey.slice(colon + 1);
            for (const [k, cv] of Object.entries(claims)) {
              const lk = k.toLowerCase();
              if (lk === lowerKey || (lowerKey.startsWith('jwt:') && lk === bare)) return [cv];
            }
            return undefined;
          }
        }
      },
    };
  }

  /** Policies of a user: their own mapping plus those of every enabled group they belong to. */
  #userPolicySet(user: string): Policy[] {
    const cached = this.#policyCache.get(user);
    if (cached) return cached;
    const names = new Set(this.#userPolicies.get(user)?.policies ?? []);
    for (const g of this.#groups.values()) {
      if (g.status !== 'enabled' || !g.members.includes(user)) continue;
      for (const p of this.#groupPolicies.get(g.name)?.policies ?? []) names.add(p);
    }
    const out: Policy[] = [];
    for (const n of names) {
      const p = this.#policies.get(n);
      if (p) out.push(p.parsed);
    }
    this.#policyCache.set(user, out);
    return out;
  }

  /** Policies of an STS session from an external identity provider, or null for internal parents. */
  #externalPolicySet(identity: Identity): Policy[] | null {
    if (identity.kind !== 'sts') return null;
    const names = this.#sessions.get(identity.accessKey)?.record.externalPolicies;
    if (!names) return null;
    const out: Policy[] = [];
    for (const n of names) {
      const p = this.#policies.get(n);
      if (p) out.push(p.parsed);
    }
    return out;
  }

  /** Session policy narrowing an identity (service account or STS), or null. */
  #sessionPolicyOf(identity: Identity): Policy | null {
    if (identity.kind === 'service-account')
      return this.#serviceAccounts.get(identity.accessKey)?.sessionPolicy ?? null;
    if (identity.kind === 'sts') return this.#sessions.get(identity.accessKey)?.sessionPolicy ?? null;
    return null;
  }

  /**
   * Decides an S3 or admin request. Root may do everything; users get their own and their enabled groups'
   * policies; service accounts and STS sessions get their parent's, intersected with their session
   * policy; anonymous callers get the bucket policy (Principal "*"). Explicit Deny wins; default deny.
   */
  isAllowed(req: AuthorizationRequest): Promise<boolean> {
    const signed = this.isAllowedSync(req);
    return signed !== undefined ? Promise.resolve(signed) : this.#anonymousAllowed(req);
  }

  /**
   * The synchronous part of {@link isAllowed}: the answer for any signed identity, or undefined for an
   * anonymous one (which needs the bucket policy read from disk).
   */
  isAllowedSync(req: AuthorizationRequest & { denyOnly?: boolean }): boolean | undefined {
    const identity = req.identity;
    if (identity.kind === 'anonymous') return undefined;
    if (identity.kind === 'root') return true;
    const allowed = this.#signedAllowed(req);
    // As in AWS and MinIO, s3:ListBucket also grants listing object versions.
    if (!allowed && lowerCased(req.action) === 's3:listbucketversions') {
      return this.#signedAllowed({ ...req, action: 's3:ListBucket' });
    }
    return allowed;
  }

  #signedAllowed(req: AuthorizationRequest & { denyOnly?: boolean }): boolean {
    const identity = req.identity;
    const conditions = this.#conditionsFor(req);
    const args = {
      action: req.action,
      ...(req.bucket !== undefined ? { bucket: req.bucket } : {}),
      ...(req.key !== undefined ? { key: req.key } : {}),
      conditions,
      ...(req.denyOnly ? { denyOnly: true } : {}),
    };
    if (identity.kind === 'user') {
      if (this.#users.get(identity.accessKey)?.status !== 'enabled') return false;
      return isAllowedByPolicies(this.#userPolicySet(identity.accessKey), args);
    }
    // Service account or STS session: parent's rights, narrowed by the session policy.
    const session = this.#sessionPolicyOf(identity);
    const external = this.#externalPolicySet(identity);
    if (external) {
      if (session && !isAllowedByPolicies([session], args)) return false;
      return isAllowedByPolicies(external, args);
    }
    const parent = identity.parentUser;
    if (!this.#parentActive(parent)) return false;
    if (session && !isAllowedByPolicies([session], args)) return false;
    if (parent === this.#root.accessKey) return true;
    return isAllowedByPolicies(this.#userPolicySet(parent), args);
  }

  async #anonymousAllowed(req: AuthorizationRequest): Promise<boolean> {
    const source = this.#options.bucketPolicies;
    if (!source || !req.bucket) return false;
    const policy = await this.bucketPolicy(req.bucket, source);
    if (!policy) return false;
    const allowed = (action: string): boolean =>
      isAllowedByPolicies([policy], {
        action,
        bucket: req.bucket,
        ...(req.key !== undefined ? { key: req.key } : {}),
        conditions: this.#conditionsFor(req),
        principal: '*',
      });
    if (allowed(req.action)) return true;
    return lowerCased(req.action) === 's3:listbucketversions' && allowed('s3:ListBucket');
  }

  /** The bucket's parsed policy (cached by text); null when it has none or it does not parse. */
  async bucketPolicy(bucket: string, source = this.#options.bucketPolicies): Promise<Policy | null> {
    if (!source) return null;
    let raw: Buffer | null;
    try {
      raw = await source(bucket);
    } catch {
      return null;
    }
    if (!raw) return null;
    const text = raw.toString('utf8');
    if (this.#bucketPolicyCache.has(text)) return this.#bucketPolicyCache.get(text) ?? null;
    let parsed: Policy | null = null;
    try {
      parsed = parsePolicy(text, 'bucket');
    } catch {
      parsed = null;
    }
    if (this.#bucketPolicyCache.size > 256) this.#bucketPolicyCache.clear();
    this.#bucketPolicyCache.set(text, parsed);
    return parsed;
  }

  /**
   * The policy document describing what an identity may do, as accountinfo reports it: root gets
   * consoleAdmin; users the merge of their policies; derived credentials their session policy if any.
   */
  effectivePolicyDocument(identity: Identity): Record<string, unknown> {
    const merge = (policies: Policy[]): Record<string, unknown> => ({
      Version: '2012-10-17',
      Statement: policies.flatMap((p) => {
        const st = p.raw.Statement;
        return Array.isArray(st) ? st : st === undefined ? [] : [st];
      }),
    });
    if (identity.kind === 'anonymous') return merge([]);
    const session = this.#sessionPolicyOf(identity);
    if (session) return merge([session]);
    const external = this.#externalPolicySet(identity);
    if (external) return merge(external);
    const user = identity.kind === 'user' ? identity.accessKey : identity.parentUser;
    if (identity.kind === 'root' || user === this.#root.accessKey) {
      // Always the built-in consoleAdmin, even if an administrator redefined the policy of that name.
      return merge([parsePolicy(CANNED_POLICY_DOCUMENTS[ROOT_POLICY_NAME] ?? {})]);
    }
    return merge(this.#userPolicySet(user));
  }

  /** Names of the policies attached to a user directly and through enabled groups. */
  policyNamesOf(user: string): string[] {
    const names = new Set(this.#userPolicies.get(user)?.policies ?? []);
    for (const g of this.#groups.values()) {
      if (g.status === 'enabled' && g.members.includes(user)) {
        for (const p of this.#groupPolicies.get(g.name)?.policies ?? []) names.add(p);
      }
    }
    return [...names];
  }

  // ---------------------------------------------------------------- users

  #isTakenByOther(accessKey: string): boolean {
    return this.#serviceAccounts.has(accessKey) || this.#sessions.has(accessKey);
  }

  listUsers(): Record<string, UserInfo> {
    const out: Record<string, UserInfo> = {};
    for (const name of [...this.#users.keys()].sort()) out[name] = this.getUserInfo(name);
    return out;
  }

  getUserInfo(accessKey: string): UserInfo {
    const user = this.#users.get(accessKey);
    if (!user) throw s3Error('XMinioAdminNoSuchUser');
    const policyName = (this.#userPolicies.get(accessKey)?.policies ?? []).join(',');
    const memberOf = [...this.#groups.values()]
      .filter((g) => g.members.includes(accessKey))
      .map((g) => g.name);
    return {
      ...(policyName ? { policyName } : {}),
      status: user.status,
      ...(memberOf.length > 0 ? { memberOf: memberOf.sort() } : {}),
      updatedAt: user.updatedAt,
    };
  }

  userExists(accessKey: string): boolean {
    return this.#users.has(accessKey);
  }

  /** Creates a user or changes their secret/status (MinIO AddUser is an upsert). */
  async addUser(accessKey: string, secretKey: string, status: UserStatus = 'enabled'): Promise<void> {
    const akProblem = accessKeyProblem(accessKey);
    if (akProblem) throw invalid(akProblem);
    const skProblem = secretKeyProblem(secretKey);
    if (skProblem) throw invalid(skProblem);
    if (status !== 'enabled' && status !== 'disabled')
      throw invalid(`invalid user status '${String(status)}'`);
    if (accessKey === this.#root.accessKey) throw invalid('the root user cannot be added or changed');
    await this.#serial(async () => {
      if (this.#isTakenByOther(accessKey)) {
        throw invalid('access key is already used by a service account or STS session');
      }
      const record: UserRecord = { accessKey, secretKey, status, updatedAt: nowIso() };
      await this.#persist.save('users', accessKey, record);
      this.#users.set(accessKey, record);
      this.#changed();
    });
  }

  async setUserStatus(accessKey: string, status: string): Promise<void> {
    if (accessKey === this.#root.accessKey) throw invalid('the root user cannot be disabled');
    if (status !== 'enabled' && status !== 'disabled') throw invalid(`invalid user status '${status}'`);
    await this.#serial(async () => {
      const user = this.#users.get(accessKey);
      if (!user) throw s3Error('XMinioAdminNoSuchUser');
      const record: UserRecord = { ...user, status, updatedAt: nowIso() };
      await this.#persist.save('users', accessKey, record);
      this.#users.set(accessKey, record);
      this.#changed();
    });
  }

  /** Removes a user, their service accounts and sessions, their group memberships and policy mapping. */
  async removeUser(accessKey: string): Promise<void> {
    if (this.#isTakenByOther(accessKey)) {
      throw new S3Error('XMinioIAMActionNotAllowed', 'service accounts and STS credentials are not users');
    }
    await this.#serial(async () => {
      if (!this.#users.has(accessKey)) throw s3Error('XMinioAdminNoSuchUser');
      for (const [ak, sa] of this.#serviceAccounts) {
        if (sa.record.parentUser === accessKey) {
          await this.#persist.remove('serviceAccounts', ak);
          this.#serviceAccounts.delete(ak);
        }
      }
      for (const [ak, s] of this.#sessions) {
        if (s.record.parentUser === accessKey) {
          await this.#persist.remove('sts', ak);
          this.#sessions.delete(ak);
        }
      }
      for (const g of this.#groups.values()) {
        if (!g.members.includes(accessKey)) continue;
        const record: GroupRecord = {
          ...g,
          members: g.members.filter((m) => m !== accessKey),
          updatedAt: nowIso(),
        };
        await this.#persist.save('groups', g.name, record);
        this.#groups.set(g.name, record);
      }
      if (this.#userPolicies.has(accessKey)) {
        await this.#persist.remove('userPolicies', accessKey);
        this.#userPolicies.delete(accessKey);
      }
      await this.#persist.remove('users', accessKey);
      this.#users.delete(accessKey);
      this.#changed();
    });
  }

  // ---------------------------------------------------------------- groups

  listGroups(): string[] {
    return [...this.#groups.keys()].sort();
  }

  getGroup(name: string): GroupDescription {
    const g = this.#groups.get(name);
    if (!g) throw s3Error('XMinioAdminNoSuchGroup');
    return {
      name: g.name,
      status: g.status,
      members: [...g.members],
      policy: (this.#groupPolicies.get(name)?.policies ?? []).join(','),
      updatedAt: g.updatedAt,
    };
  }

  /**
   * madmin UpdateGroupMembers: adds members (creating the group), removes members, or — remove with no
   * members — deletes an empty group (XMinioAdminGroupNotEmpty otherwise).
   */
  async updateGroupMembers(
    group: string,
    members: string[],
    isRemove: boolean,
    status?: string,
  ): Promise<void> {
    checkEntityName('group', group);
    if (status !== undefined && status !== '' && status !== 'enabled' && status !== 'disabled') {
      throw invalid(`invalid group status '${status}'`);
    }
    await this.#serial(async () => {
      for (const m of members) {
        if (!this.#users.has(m))
          throw new S3Error('XMinioAdminNoSuchUser', `The specified user does not exist: ${m}`);
      }
      const existing = this.#groups.get(group);
      if (isRemove) {
        if (!existing) throw s3Error('XMinioAdminNoSuchGroup');
        if (members.length === 0) {
          if (existing.members.length > 0) throw s3Error('XMinioAdminGroupNotEmpty');
          if (this.#groupPolicies.has(group)) {
            await this.#persist.remove('groupPolicies', group);
            this.#groupPolicies.delete(group);
          }
          await this.#persist.remove('groups', group);
          this.#groups.delete(group);
        } else {
          const record: GroupRecord = {
            ...existing,
            members: existing.members.filter((m) => !members.includes(m)),
            updatedAt: nowIso(),
          };
          await this.#persist.save('groups', group, record);
          this.#groups.set(group, record);
        }
      } else {
        const record: GroupRecord = {
          name: group,
          members: [...new Set([...(existing?.members ?? []), ...members])],
          status: existing?.status ?? (status === 'disabled' ? 'disabled' : 'enabled'),
          updatedAt: nowIso(),
        };
        await this.#persist.save('groups', group, record);
        this.#groups.set(group, record);
      }
      this.#changed();
    });
  }

  async setGroupStatus(group: string, status: string): Promise<void> {
    if (status !== 'enabled' && status !== 'disabled') throw invalid(`invalid group status '${status}'`);
    await this.#serial(async () => {
      const g = this.#groups.get(group);
      if (!g) throw s3Error('XMinioAdminNoSuchGroup');
      const record: GroupRecord = { ...g, status, updatedAt: nowIso() };
      await this.#persist.save('groups', group, record);
      this.#groups.set(group, record);
      this.#changed();
    });
  }

  // ---------------------------------------------------------------- policies

  listPolicies(): Record<string, Record<string, unknown>> {
    const out: Record<string, Record<string, unknown>> = {};
    for (const name of [...this.#policies.keys()].sort()) {
      const p = this.#policies.get(name);
      if (p) out[name] = p.record.policy;
    }
    return out;
  }

  getPolicy(name: string): PolicyInfo {
    const p = this.#policies.get(name);
    if (!p) throw s3Error('XMinioAdminNoSuchPolicy');
    return {
      name,
      policy: p.record.policy,
      createDate: p.record.createDate,
      updateDate: p.record.updateDate,
    };
  }

  policyExists(name: string): boolean {
    return this.#policies.has(name);
  }

  /** Adds or replaces a canned policy (validated; XMinioMalformedIAMPolicy with the reason otherwise). */
  async addPolicy(name: string, document: string | Uint8Array): Promise<void> {
    checkPolicyName(name);
    const parsed = parseIamPolicy(document);
    await this.#serial(async () => {
      const existing = this.#policies.get(name);
      const now = nowIso();
      const record: PolicyRecord = {
        name,
        policy: parsed.raw as Record<string, unknown>,
        createDate: existing && !existing.builtin ? existing.record.createDate : now,
        updateDate: now,
      };
      await this.#persist.save('policies', name, record);
      this.#policies.set(name, { record, parsed, builtin: name in CANNED_POLICY_DOCUMENTS });
      this.#changed();
    });
  }

  /** Removes a canned policy; refused while attached (XMinioAdminPolicyInUse) and for the built-ins. */
  async removePolicy(name: string): Promise<void> {
    await this.#serial(async () => {
      const p = this.#policies.get(name);
      if (!p) throw s3Error('XMinioAdminNoSuchPolicy');
      if (name in CANNED_POLICY_DOCUMENTS)
        throw invalid(`'${name}' is a built-in policy and cannot be removed`);
      const used =
        [...this.#userPolicies.values()].some((m) => m.policies.includes(name)) ||
        [...this.#groupPolicies.values()].some((m) => m.policies.includes(name));
      if (used) throw s3Error('XMinioAdminPolicyInUse');
      await this.#persist.remove('policies', name);
      this.#policies.delete(name);
      this.#changed();
    });
  }

  #checkEntity(entity: string, isGroup: boolean): void {
    if (isGroup) {
      if (!this.#groups.has(entity)) throw s3Error('XMinioAdminNoSuchGroup');
    } else if (!this.#users.has(entity)) {
      if (entity === this.#root.accessKey) throw invalid('policies cannot be attached to the root user');
      throw s3Error('XMinioAdminNoSuchUser');
    }
  }

  async #writeMapping(entity: string, isGroup: boolean, policies: string[]): Promise<void> {
    const collection = isGroup ? 'groupPolicies' : 'userPolicies';
    const map = isGroup ? this.#groupPolicies : this.#userPolicies;
    if (policies.length === 0) {
      if (map.has(entity)) await this.#persist.remove(collection, entity);
      map.delete(entity);
    } else {
      const record: PolicyMappingRecord = { name: entity, policies, updatedAt: nowIso() };
      await this.#persist.save(collection, entity, record);
      map.set(entity, record);
    }
    this.#changed();
  }

  /** set-user-or-group-policy: replaces the entity's policies ("" clears). */
  async setPolicy(policyNames: string[], entity: string, isGroup: boolean): Promise<void> {
    await this.#serial(async () => {
      this.#checkEntity(entity, isGroup);
      for (const n of policyNames) {
        if (!this.#policies.has(n))
          throw new S3Error('XMinioAdminNoSuchPolicy', `The canned policy does not exist: ${n}`);
      }
      await this.#writeMapping(entity, isGroup, policyNames);
    });
  }

  /** idp/builtin/policy/attach|detach: adds or removes policies; returns the resulting list. */
  async attachDetachPolicies(
    attach: boolean,
    policyNames: string[],
    entity: string,
    isGroup: boolean,
  ): Promise<string[]> {
    if (policyNames.length === 0) throw invalid('no policies given');
    return this.#serial(async () => {
      this.#checkEntity(entity, isGroup);
      const current = (isGroup ? this.#groupPolicies : this.#userPolicies).get(entity)?.policies ?? [];
      let next: string[];
      if (attach) {
        for (const n of policyNames) {
          if (!this.#policies.has(n))
            throw new S3Error('XMinioAdminNoSuchPolicy', `The canned policy does not exist: ${n}`);
        }
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
      await this.#writeMapping(entity, isGroup, next);
      return next;
    });
  }

  /** idp/builtin/policy-entities: mappings filtered by users, groups and policies (all when none given). */
  policyEntities(query: { users: string[]; groups: string[]; policies: string[] }): PolicyEntities {
    const all = query.users.length === 0 && query.groups.length === 0 && query.policies.length === 0;
    const result: PolicyEntities = { timestamp: nowIso() };
    const userNames = all ? [...this.#userPolicies.keys()].sort() : query.users;
    const userMappings = userNames
      .map((user) => ({ user, policies: this.#userPolicies.get(user)?.policies ?? [] }))
      .filter((m) => m.policies.length > 0);
    const groupNames = all ? [...this.#groupPolicies.keys()].sort() : query.groups;
    const groupMappings = groupNames
      .map((group) => ({ group, policies: this.#groupPolicies.get(group)?.policies ?? [] }))
      .filter((m) => m.policies.length > 0);
    let policyNames = query.policies;
    if (all) {
      const used = new Set<string>();
      for (const m of [...this.#userPolicies.values(), ...this.#groupPolicies.values()]) {
        for (const p of m.policies) used.add(p);
      }
      policyNames = [...used].sort();
    }
    const policyMappings = policyNames
      .map((policy) => ({
        policy,
        users: [...this.#userPolicies.values()]
          .filter((m) => m.policies.includes(policy))
          .map((m) => m.name)
          .sort(),
        groups: [...this.#groupPolicies.values()]
          .filter((m) => m.policies.includes(policy))
          .map((m) => m.name)
          .sort(),
      }))
      .filter((m) => m.users.length > 0 || m.groups.length > 0);
    if (userMappings.length > 0) result.userMappings = userMappings;
    if (groupMappings.length > 0) result.groupMappings = groupMappings;
    if (policyMappings.length > 0) result.policyMappings = policyMappings;
    return result;
  }

  // ---------------------------------------------------------------- service accounts

  async addServiceAccount(req: NewServiceAccount): Promise<IssuedCredentials> {
    const parent = req.parentUser;
    if (parent !== this.#root.accessKey && !this.#users.has(parent)) throw s3Error('XMinioAdminNoSuchUser');
    const accessKey = req.accessKey || generateAccessKey();
    const secretKey = req.secretKey || generateSecretKey();
    const akProblem = accessKeyProblem(accessKey);
    if (akProblem) throw invalid(akProblem);
    const skProblem = secretKeyProblem(secretKey);
    if (skProblem) throw invalid(skProblem);
    const sessionPolicy = req.policy ? parseIamPolicy(req.policy) : null;
    if (req.comment !== undefined && req.comment.length > 256)
      throw invalid('comment must be at most 256 characters');
    return this.#serial(async () => {
      if (
        accessKey === this.#root.accessKey ||
        this.#users.has(accessKey) ||
        this.#serviceAccounts.has(accessKey) ||
        this.#sessions.has(accessKey)
      ) {
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
        createdAt: now,
        updatedAt: now,
      };
      await this.#persist.save('serviceAccounts', accessKey, record);
      this.#serviceAccounts.set(accessKey, { record, sessionPolicy });
      return { accessKey, secretKey };
    });
  }

  getServiceAccount(accessKey: string): ServiceAccountRecord & { sessionPolicyParsed: Policy | null } {
    const sa = this.#serviceAccounts.get(accessKey);
    if (!sa)
      throw new S3Error('XMinioInvalidIAMCredentials', 'The specified service account is not found', {}, 404);
    return { ...sa.record, sessionPolicyParsed: sa.sessionPolicy };
  }

  listServiceAccounts(parentUser: string): string[] {
    return [...this.#serviceAccounts.values()]
      .filter((sa) => sa.record.parentUser === parentUser)
      .map((sa) => sa.record.accessKey)
      .sort();
  }

  async updateServiceAccount(accessKey: string, update: ServiceAccountUpdate): Promise<void> {
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
    await this.#serial(async () => {
      const sa = this.#serviceAccounts.get(accessKey);
      if (!sa)
        throw new S3Error(
          'XMinioInvalidIAMCredentials',
          'The specified service account is not found',
          {},
          404,
        );
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
      await this.#persist.save('serviceAccounts', accessKey, record);
      this.#serviceAccounts.set(accessKey, { record, sessionPolicy });
    });
  }

  async deleteServiceAccount(accessKey: string): Promise<void> {
    await this.#serial(async () => {
      if (!this.#serviceAccounts.has(accessKey)) {
        throw new S3Error(
          'XMinioInvalidIAMCredentials',
          'The specified service account is not found',
          {},
          404,
        );
      }
      await this.#persist.remove('serviceAccounts', accessKey);
      this.#serviceAccounts.delete(accessKey);
    });
  }

  /**
   * The policy a service account is held to, as info-service-account shows it: its session policy, or
   * (implied) the merge of its parent's policies.
   */
  serviceAccountPolicy(accessKey: string): { implied: boolean; policy: Record<string, unknown> } {
    const sa = this.getServiceAccount(accessKey);
    if (sa.sessionPolicyParsed)
      return { implied: false, policy: sa.sessionPolicyParsed.raw as Record<string, unknown> };
    const identity: Identity =
      sa.parentUser === this.#root.accessKey
        ? { kind: 'root', accessKey: sa.parentUser, parentUser: sa.parentUser }
        : { kind: 'user', accessKey: sa.parentUser, parentUser: sa.parentUser };
    return { implied: true, policy: this.effectivePolicyDocument(identity) };
  }

  // ---------------------------------------------------------------- STS

  /**
   * An unexpired STS session and the policy it is held to (its session policy, or — implied — its
   * parent's), for temporary-account-info. XMinioInvalidIAMCredentials (404) when unknown or expired.
   */
  getStsSession(accessKey: string): {
    parentUser: string;
    expiration: Date;
    implied: boolean;
    policy: Record<string, unknown>;
  } {
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
      policy: this.effectivePolicyDocument({ kind: 'sts', accessKey, parentUser: parent }),
    };
  }

  /** Issues temporary credentials for a parent user (AssumeRole and friends) and persists the session. */
  async createStsSession(req: NewStsSession): Promise<IssuedCredentials> {
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
    await this.#serial(async () => {
      await this.#persist.save('sts', accessKey, record);
      this.#sessions.set(accessKey, { record, sessionPolicy });
    });
    return { accessKey, secretKey, sessionToken, expiration: new Date(expiration) };
  }

  /** Drops expired STS sessions from memory and disk (called periodically and at load). */
  async purgeExpiredSessions(): Promise<number> {
    const now = Date.now();
    const expired = [...this.#sessions.values()].filter((s) => s.record.expiration <= now);
    await this.#serial(async () => {
      for (const s of expired) {
        await this.#persist.remove('sts', s.record.accessKey);
        this.#sessions.delete(s.record.accessKey);
      }
    });
    return expired.length;
  }
}
