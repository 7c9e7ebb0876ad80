// SPDX-License-Identifier: Apache-2.0
import { decryptData, encryptData, KeyCache, MadminCryptoError } from '@stowage/madmin';
import type { StoreContext } from '../core/context.js';
import { S3Error } from '../core/errors.js';
import type { AuthenticatedRequest, HandlerResponse } from '../core/request.js';
import type { Identity } from '../iam/types.js';

/** madmin's limit for encrypted request bodies (maxEConfigJSONSize). */
export const MAX_ENCRYPTED_BODY = 262_272;
/** MinIO caps IAM policy documents at 20 KiB. */
export const MAX_POLICY_BODY = 20 * 1024;
/** Plain JSON bodies of the other calls. */
export const MAX_JSON_BODY = 1024 * 1024;

/**
 * Derived Argon2id keys are expensive (64 MiB, ~100 ms): one cache per process lets the server reuse
 * one salt per signing secret for its answers and derive each client salt once.
 */
const keyCache = new KeyCache({ maxEntries: 512, maxUses: 4096 });

const JSON_TYPE = 'application/json';

/** Everything one admin operation needs: the verified request, the store, and body/answer helpers. */
export class AdminCall {
  constructor(
    readonly req: AuthenticatedRequest,
    readonly ctx: StoreContext,
    readonly requestId: string,
  ) {}

  get identity(): Identity {
    return this.req.identity;
  }

  get query(): URLSearchParams {
    return this.req.query;
  }

  /** The user a derived credential acts for (the caller itself for users and root). */
  get requestorUser(): string {
    const id = this.identity;
    return id.kind === 'service-account' || id.kind === 'sts' ? id.parentUser : id.accessKey;
  }

  /** A query parameter; XMinioAdminInvalidArgument when required and missing. */
  param(name: string, required = true): string {
    const v = this.query.get(name);
    if ((v === null || v === '') && required) {
      throw new S3Error('XMinioAdminInvalidArgument', `query parameter '${name}' is required`);
    }
    return v ?? '';
  }

  /**
   * Does the caller's policy allow `action` (admin actions have no resource)? The access management
   * plugin answers instead while it is configured (not for root).
   */
  async allowed(
    action: string,
    opts: { denyOnly?: boolean; bucket?: string; key?: string } = {},
  ): Promise<boolean> {
    return (await this.#verdict(action, opts)).allowed;
  }

  /** Throws AccessDenied (with the plugin's failure, if that decided) unless {@link allowed}. */
  async require(action: string, opts: { denyOnly?: boolean } = {}): Promise<void> {
    const verdict = await this.#verdict(action, opts);
    if (!verdict.allowed) {
      throw verdict.reason ? new S3Error('AccessDenied', verdict.reason) : new S3Error('AccessDenied');
    }
  }

  #verdict(
    action: string,
    opts: { denyOnly?: boolean; bucket?: string; key?: string },
  ): Promise<{ allowed: boolean; reason?: string }> {
    if (this.identity.kind === 'anonymous') return Promise.resolve({ allowed: false });
    const conditions: Record<string, string[]> = {
      'aws:SourceIp': [this.req.sourceIp],
      'aws:SecureTransport': [this.ctx.options.tls ? 'true' : 'false'],
      'aws:UserAgent': [String(this.req.headers['user-agent'] ?? '')],
    };
    return this.ctx.iam.decideSigned({
      identity: this.identity,
      action,
      ...(opts.bucket !== undefined ? { bucket: opts.bucket } : {}),
      ...(opts.key !== undefined ? { key: opts.key } : {}),
      conditions,
      ...(opts.denyOnly ? { denyOnly: true } : {}),
    });
  }

  #checkSize(max: number): void {
    if (this.req.body.length > max) throw new S3Error('XMinioAdminConfigTooLarge');
  }

  /** The plain JSON body, which must be an object; XMinioAdminConfigBadJSON otherwise. */
  json<T extends object>(max = MAX_JSON_BODY): Partial<T> {
    this.#checkSize(max);
    return parseObject<T>(this.req.body);
  }

  /** The body decrypted with the signing secret (madmin DecryptData). */
  async decrypted(): Promise<Buffer> {
    this.#checkSize(MAX_ENCRYPTED_BODY);
    try {
      return await decryptData(this.req.secretKey, this.req.body, { keyCache });
    } catch (err) {
      if (err instanceof MadminCryptoError) {
        throw new S3Error('XMinioAdminConfigBadJSON', `cannot decrypt the request body: ${err.message}`);
      }
      throw err;
    }
  }

  /** The body decrypted and parsed as a JSON object. */
  async decryptedJson<T extends object>(): Promise<Partial<T>> {
    return parseObject<T>(await this.decrypted());
  }

  /** A JSON answer encrypted with the signing secret (labelled application/json, as MinIO does). */
  async encrypted(value: unknown, status = 200): Promise<HandlerResponse> {
    const body = await encryptData(this.req.secretKey, JSON.stringify(value), { keyCache });
    return { status, headers: { 'content-type': JSON_TYPE }, body };
  }

  /** Raw bytes (configuration text) encrypted with the signing secret, labelled as MinIO does. */
  async encryptedBytes(data: Buffer, status = 200): Promise<HandlerResponse> {
    const body = await encryptData(this.req.secretKey, data, { keyCache });
    return { status, headers: { 'content-type': JSON_TYPE }, body };
  }

  ok(value?: unknown, status = 200): HandlerResponse {
    if (value === undefined) return { status };
    return { status, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(value) };
  }

  noContent(): HandlerResponse {
    return { status: 204 };
  }
}

function parseObject<T extends object>(body: Buffer): Partial<T> {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw new S3Error('XMinioAdminConfigBadJSON', `invalid JSON: ${(err as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new S3Error('XMinioAdminConfigBadJSON', 'the request body must be a JSON object');
  }
  return value as Partial<T>;
}

/** An admin operation: one file in ./operations, one row in the router table. */
export type AdminOperation = (call: AdminCall) => Promise<HandlerResponse>;

/** One admin API route (madmin-go path under /minio/admin/v3). */
export interface AdminRoute {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  /** Operation name for traces and logs (MinIO's handler name). */
  name: string;
  /**
   * IAM action the caller needs before the operation runs; null when the operation decides itself
   * (self-service calls such as user-info of oneself, service accounts of oneself, accountinfo).
   */
  action: string | null;
  op: AdminOperation;
  /** The route also serves every path below its own (`/heal/<bucket>/<prefix>`). */
  subpaths?: boolean;
}
