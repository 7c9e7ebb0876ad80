// SPDX-License-Identifier: Apache-2.0
import {
  combineDecisions,
  type Decision,
  evaluatePolicies,
  lowerCased,
  type Policy,
  type PolicyArgs,
  parsePolicy,
} from '@stowage/policy';
import type { IamContext } from './context.js';
import type { EffectivePolicies } from './effective-policy.js';
import { type PolicyPluginHook, policyPluginInput } from './policy-plugin.js';
import { requestConditions } from './request-conditions.js';
import type { AuthorizationRequest, Identity } from './types.js';
import type { Users } from './users.js';

/** Reads a bucket's policy document (the object layer's `policy` bucket config); null when none. */
export type BucketPolicySource = (bucket: string) => Promise<Buffer | null>;

/** Where requests find bucket policies; read on every request to a bucket, so it may be set later. */
export interface BucketPolicySetting {
  bucketPolicies?: BucketPolicySource;
  /**
   * The access management plugin (`policy_plugin`) while it is configured: it then decides every signed
   * request of anyone but the owner (root, and root's credentials without a session policy) in place
   * of the IAM and bucket policies. Read on every request, so it is set and cleared when the set is saved.
   */
  policyPlugin?: PolicyPluginHook | undefined;
}

/** Bucket policy texts whose parse is remembered before the cache starts over. */
const BUCKET_POLICY_CACHE_MAX = 256;

/** An authorization's outcome: allowed, and whether an explicit Deny decided it (ACL grants then do not count). */
export interface AccessVerdict {
  allowed: boolean;
  denied: boolean;
  /** Why the request was refused when it is not the policies' plain answer (the plugin failed). */
  reason?: string;
}

const ALLOWED: AccessVerdict = Object.freeze({ allowed: true, denied: false });
const DENIED: AccessVerdict = Object.freeze({ allowed: false, denied: true });

/** The IAM ARN of a user as bucket policies name it (one account: the account field is left empty, as RGW writes it). */
export function userArn(user: string): string {
  return `arn:aws:iam:::user/${user}`;
}

/**
 * Decides S3 and admin requests. Root may do everything; users get their own and their enabled groups'
 * policies; service accounts and STS sessions get their parent's, intersected with their session
 * policy. A bucket's policy takes part for everyone (AWS's rule for one account): anonymous callers
 * are named by `*`, signed ones by `*`, their user's ARN or their access key. An explicit Deny in the
 * identity's or the bucket's policies wins, an Allow in either grants; default deny.
 */
export class Authorization {
  readonly #ctx: IamContext;
  readonly #users: Users;
  readonly #effective: EffectivePolicies;
  readonly #setting: BucketPolicySetting;
  /** Parsed bucket policies keyed by their exact text. */
  readonly #bucketPolicyCache = new Map<string, Policy | null>();

  constructor(ctx: IamContext, users: Users, effective: EffectivePolicies, setting: BucketPolicySetting) {
    this.#ctx = ctx;
    this.#users = users;
    this.#effective = effective;
    this.#setting = setting;
  }

  async isAllowed(req: AuthorizationRequest): Promise<boolean> {
    return (await this.decide(req)).allowed;
  }

  /** {@link isAllowed}, also saying whether an explicit Deny (identity or bucket policy) decided. */
  async decide(req: AuthorizationRequest): Promise<AccessVerdict> {
    const plugin = this.#pluginFor(req.identity);
    if (plugin) return this.#pluginDecision(plugin, req);
    const first = await this.#decide(req);
    // As in AWS and MinIO, s3:ListBucket also grants listing object versions.
    if (first.allowed || first.denied || lowerCased(req.action) !== 's3:listbucketversions') return first;
    return this.#decide({ ...req, action: 's3:ListBucket' });
  }

  async #decide(req: AuthorizationRequest): Promise<AccessVerdict> {
    const identity = req.identity;
    if (identity.kind === 'root') return ALLOWED;
    const own = identity.kind === 'anonymous' ? 'NoMatch' : this.#identityDecision(req);
    if (own === 'Deny') return DENIED;
    const bucket = req.bucket ? await this.#bucketDecision(req) : 'NoMatch';
    const d = combineDecisions([own, bucket]);
    if (d === 'Deny') return DENIED;
    // A session policy bounds what its session may do, bucket policies included.
    if (d === 'Allow' && (own === 'Allow' || !this.#sessionBounds(req))) return ALLOWED;
    return { allowed: false, denied: false };
  }

  /** True when the caller has a session policy (service account, STS) that does not allow the request. */
  #sessionBounds(req: AuthorizationRequest): boolean {
    if (req.identity.kind === 'user' || req.identity.kind === 'anonymous') return false;
    const session = this.#effective.session(req.identity);
    if (!session) return false;
    return evaluatePolicies([session], this.#args(req)) !== 'Allow';
  }

  /**
   * The identity's answer for an admin request: the access management plugin's while it applies, else
   * the identity policies' ({@link isAllowedSync}). `denyOnly` passes unless a Deny says otherwise.
   */
  async decideSigned(req: AuthorizationRequest & { denyOnly?: boolean }): Promise<AccessVerdict> {
    const plugin = this.#pluginFor(req.identity);
    if (plugin) return this.#pluginDecision(plugin, req);
    return this.isAllowedSync(req) === true ? ALLOWED : { allowed: false, denied: false };
  }

  /** The plugin when it decides for this caller: configured, a signed caller, not the owner. */
  #pluginFor(identity: Identity): PolicyPluginHook | undefined {
    const plugin = this.#setting.policyPlugin;
    if (!plugin || identity.kind === 'anonymous' || identity.kind === 'root') return undefined;
    // MinIO's owner: root's own derived credentials without a session policy act as root.
    const owner = this.#ctx.isRoot(identity.parentUser) && this.#effective.session(identity) === null;
    return owner ? undefined : plugin;
  }

  async #pluginDecision(
    plugin: PolicyPluginHook,
    req: AuthorizationRequest & { denyOnly?: boolean },
  ): Promise<AccessVerdict> {
    const user = req.identity.kind === 'user' ? req.identity.accessKey : req.identity.parentUser;
    try {
      return (await plugin(policyPluginInput(req, this.#users.groupsOf(user)))) ? ALLOWED : DENIED;
    } catch (err) {
      return { ...DENIED, reason: `Access Denied: ${(err as Error).message}` };
    }
  }

  /**
   * The identity policies' answer alone (no bucket policy): for admin requests, which have no bucket,
   * and callers that cannot wait. Undefined for an anonymous identity.
   */
  isAllowedSync(req: AuthorizationRequest & { denyOnly?: boolean }): boolean | undefined {
    const identity = req.identity;
    if (identity.kind === 'anonymous') return undefined;
    if (identity.kind === 'root') return true;
    const allowed = this.#signedAllowed(req);
    if (!allowed && lowerCased(req.action) === 's3:listbucketversions') {
      return this.#signedAllowed({ ...req, action: 's3:ListBucket' });
    }
    return allowed;
  }

  #signedAllowed(req: AuthorizationRequest & { denyOnly?: boolean }): boolean {
    const d = this.#identityDecision(req);
    return d === 'Allow' || (req.denyOnly === true && d !== 'Deny');
  }

  /** What the signed identity's own policies say (a session policy narrows its parent's). */
  #identityDecision(req: AuthorizationRequest): Decision {
    const identity = req.identity;
    const args = this.#args(req);
    if (identity.kind === 'user') {
      if (!this.#users.isEnabled(identity.accessKey)) return 'Deny';
      return evaluatePolicies(this.#effective.ofUser(identity.accessKey), args);
    }
    // Service account or STS session: parent's rights, narrowed by the session policy.
    const session = this.#effective.session(identity);
    const narrowed = (parent: Decision): Decision => {
      if (!session) return parent;
      const s = evaluatePolicies([session], args);
      return s === 'Deny' || parent === 'Deny' ? 'Deny' : s === 'Allow' ? parent : 'NoMatch';
    };
    const external = this.#effective.external(identity);
    if (external) return narrowed(evaluatePolicies(external, args));
    const parent = identity.parentUser;
    if (!this.#users.canActFor(parent)) return 'Deny';
    if (this.#ctx.isRoot(parent)) return narrowed('Allow');
    return narrowed(evaluatePolicies(this.#effective.ofUser(parent), args));
  }

  #args(req: AuthorizationRequest): PolicyArgs {
    return {
      action: req.action,
      ...(req.bucket !== undefined ? { bucket: req.bucket } : {}),
      ...(req.key !== undefined ? { key: req.key } : {}),
      conditions: requestConditions(req),
    };
  }

  /** What the bucket's policy says to this caller (`*` for anonymous; else also its user's ARN and key). */
  async #bucketDecision(req: AuthorizationRequest): Promise<Decision> {
    const source = this.#setting.bucketPolicies;
    if (!source || !req.bucket) return 'NoMatch';
    const policy = await this.bucketPolicy(req.bucket, source);
    if (!policy) return 'NoMatch';
    const identity = req.identity;
    const principal =
      identity.kind === 'anonymous'
        ? '*'
        : [userArn(identity.parentUser || identity.accessKey), identity.parentUser, identity.accessKey];
    return evaluatePolicies([policy], { ...this.#args(req), principal });
  }

  /** The bucket's parsed policy (cached by text); null when it has none or it does not parse. */
  async bucketPolicy(bucket: string, source = this.#setting.bucketPolicies): Promise<Policy | null> {
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
    if (this.#bucketPolicyCache.size > BUCKET_POLICY_CACHE_MAX) this.#bucketPolicyCache.clear();
    this.#bucketPolicyCache.set(text, parsed);
    return parsed;
  }
}
