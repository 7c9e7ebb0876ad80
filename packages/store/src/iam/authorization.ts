// SPDX-License-Identifier: Apache-2.0
import { isAllowedByPolicies, lowerCased, type Policy, parsePolicy } from '@stowage/policy';
import type { IamContext } from './context.js';
import type { EffectivePolicies } from './effective-policy.js';
import { requestConditions } from './request-conditions.js';
import type { AuthorizationRequest } from './types.js';
import type { Users } from './users.js';

/** Reads a bucket's policy document (the object layer's `policy` bucket config); null when none. */
export type BucketPolicySource = (bucket: string) => Promise<Buffer | null>;

/** Where anonymous requests find bucket policies; read on every anonymous request, so it may be set later. */
export interface BucketPolicySetting {
  bucketPolicies?: BucketPolicySource;
}

/** Bucket policy texts whose parse is remembered before the cache starts over. */
const BUCKET_POLICY_CACHE_MAX = 256;

/**
 * Decides S3 and admin requests. Root may do everything; users get their own and their enabled groups'
 * policies; service accounts and STS sessions get their parent's, intersected with their session
 * policy; anonymous callers get the bucket policy (Principal "*"). Explicit Deny wins; default deny.
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
    const args = {
      action: req.action,
      ...(req.bucket !== undefined ? { bucket: req.bucket } : {}),
      ...(req.key !== undefined ? { key: req.key } : {}),
      conditions: requestConditions(req),
      ...(req.denyOnly ? { denyOnly: true } : {}),
    };
    if (identity.kind === 'user') {
      if (!this.#users.isEnabled(identity.accessKey)) return false;
      return isAllowedByPolicies(this.#effective.ofUser(identity.accessKey), args);
    }
    // Service account or STS session: parent's rights, narrowed by the session policy.
    const session = this.#effective.session(identity);
    const external = this.#effective.external(identity);
    if (external) {
      if (session && !isAllowedByPolicies([session], args)) return false;
      return isAllowedByPolicies(external, args);
    }
    const parent = identity.parentUser;
    if (!this.#users.canActFor(parent)) return false;
    if (session && !isAllowedByPolicies([session], args)) return false;
    if (this.#ctx.isRoot(parent)) return true;
    return isAllowedByPolicies(this.#effective.ofUser(parent), args);
  }

  async #anonymousAllowed(req: AuthorizationRequest): Promise<boolean> {
    const source = this.#setting.bucketPolicies;
    if (!source || !req.bucket) return false;
    const policy = await this.bucketPolicy(req.bucket, source);
    if (!policy) return false;
    const allowed = (action: string): boolean =>
      isAllowedByPolicies([policy], {
        action,
        bucket: req.bucket,
        ...(req.key !== undefined ? { key: req.key } : {}),
        conditions: requestConditions(req),
        principal: '*',
      });
    if (allowed(req.action)) return true;
    return lowerCased(req.action) === 's3:listbucketversions' && allowed('s3:ListBucket');
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
