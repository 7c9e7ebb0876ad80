// SPDX-License-Identifier: Apache-2.0
import { signRequest } from '@stowage/madmin';
import { z } from 'zod';
import { type RgwRequest, rgwRequests, rgwRequestUrl } from './rgw-requests.js';

/** A quota as RGW answers it (`max_size` in bytes; -1 = no limit). */
const rgwQuotaSchema = z.object({
  enabled: z.boolean(),
  max_size: z.number(),
  max_objects: z.number(),
});

/** The user document of `GET /admin/user` (and of create and modify). */
export const rgwUserSchema = z.object({
  user_id: z.string(),
  display_name: z.string(),
  email: z.string().default(''),
  suspended: z.number(),
  max_buckets: z.number(),
  keys: z.array(z.object({ user: z.string(), access_key: z.string(), secret_key: z.string() })).default([]),
  caps: z.array(z.object({ type: z.string(), perm: z.string() })).default([]),
  subusers: z.array(z.object({ id: z.string(), permissions: z.string() })).default([]),
  swift_keys: z.array(z.object({ user: z.string(), secret_key: z.string() })).default([]),
  bucket_quota: rgwQuotaSchema.optional(),
  user_quota: rgwQuotaSchema.optional(),
});
export type RgwUser = z.infer<typeof rgwUserSchema>;

/** `GET /admin/bucket?stats=true`: the usage by category (`rgw.main` holds the objects). */
export const rgwBucketStatsSchema = z.object({
  bucket: z.string(),
  owner: z.string(),
  usage: z.record(
    z.string(),
    z.object({ size: z.number().optional(), size_actual: z.number().optional(), num_objects: z.number() }),
  ),
  bucket_quota: rgwQuotaSchema.optional(),
});
export type RgwBucketStats = z.infer<typeof rgwBucketStatsSchema>;

/** The objects of a bucket as its index counts them: `rgw.main` (parts of unfinished uploads are apart). */
export function rgwBucketUsage(stats: Pick<RgwBucketStats, 'usage'>): { size: number; objects: number } {
  const main = stats.usage['rgw.main'];
  return { size: main?.size ?? 0, objects: main?.num_objects ?? 0 };
}

const usageSchema = z.record(z.string(), z.object({ size: z.number().optional(), num_objects: z.number() }));

/** `GET /admin/bucket?index`: the header as kept and as counted (pacific answers `check-objects=true` with broken JSON). */
const rgwIndexCheckAnswerSchema = z.object({
  invalid_multipart_entries: z.array(z.string()).default([]),
  check_result: z
    .object({
      existing_header: z.object({ usage: usageSchema }),
      calculated_header: z.object({ usage: usageSchema }),
    })
    .optional(),
});
export type RgwIndexCheckAnswer = z.infer<typeof rgwIndexCheckAnswerSchema>;

const usageCounts = z.object({
  bytes_sent: z.number(),
  bytes_received: z.number(),
  ops: z.number(),
  successful_ops: z.number(),
});
/** `GET /admin/usage?show-summary`: per user, the counts by category and their total. */
const rgwUsageAnswerSchema = z.object({
  summary: z
    .array(
      z.object({
        user: z.string(),
        categories: z.array(usageCounts.extend({ category: z.string() })).default([]),
        total: usageCounts,
      }),
    )
    .default([]),
});
export type RgwUsageAnswer = z.infer<typeof rgwUsageAnswerSchema>;

const keysSchema = z.array(z.object({ user: z.string(), access_key: z.string(), secret_key: z.string() }));

/**
 * An Admin Ops refusal: the HTTP status and RGW's error code (`NoSuchUser`, `AccessDenied`, …). `fromAdminOps`:
 * the error came as JSON, as only RGW's Admin Ops answer (S3 servers, RGW's S3 side too, answer XML).
 */
export class RgwAdminError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fromAdminOps = false,
  ) {
    super(message);
    this.name = 'RgwAdminError';
  }
}

export interface RgwAdminClientOptions {
  /** The gateway, `http(s)://host:port`. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  /** The region requests are signed for (RGW's S3 signing rules; the session's region). */
  region: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * Ceph RGW's Admin Ops API over HTTP, signed with SigV4 (service `s3`) by the caller's own S3 keys — the
 * same signer as the MinIO admin client (`@stowage/madmin`). RGW decides what the keys may do from the
 * user's caps (`users`, `buckets`, `metadata`, `usage`).
 */
export class RgwAdminClient {
  constructor(private readonly options: RgwAdminClientOptions) {}

  /** Sends one request; a non-2xx answer rejects with {@link RgwAdminError}. Returns the parsed JSON (or null). */
  async send(req: RgwRequest, signal = this.options.signal): Promise<unknown> {
    const o = this.options;
    const url = rgwRequestUrl(o.endpoint, req);
    const headers = signRequest({
      method: req.method,
      url,
      accessKey: o.accessKey,
      secretKey: o.secretKey,
      sessionToken: o.sessionToken,
      region: o.region,
      service: 's3',
    });
    const res = await (o.fetch ?? fetch)(url, { method: req.method, headers, signal });
    const body = await res.text();
    if (!res.ok) {
      const code = errorCode(body) || `HTTP ${res.status}`;
      const message = `${req.method} ${req.path} answered ${res.status} ${code}`;
      throw new RgwAdminError(res.status, code, message, jsonErrorCode(body) !== undefined);
    }
    return body.trim() === '' ? null : JSON.parse(body);
  }

  async getUser(uid: string, signal?: AbortSignal): Promise<RgwUser> {
    return rgwUserSchema.parse(await this.send(rgwRequests.getUser(uid), signal));
  }
  async listUsers(): Promise<string[]> {
    return z.array(z.string()).parse(await this.send(rgwRequests.listUsers()));
  }
  async createUser(input: Parameters<typeof rgwRequests.createUser>[0]): Promise<RgwUser> {
    return rgwUserSchema.parse(await this.send(rgwRequests.createUser(input)));
  }
  async modifyUser(input: Parameters<typeof rgwRequests.modifyUser>[0]): Promise<RgwUser> {
    return rgwUserSchema.parse(await this.send(rgwRequests.modifyUser(input)));
  }
  async removeUser(uid: string, purgeData: boolean): Promise<void> {
    await this.send(rgwRequests.removeUser(uid, purgeData));
  }
  /** Adds an S3 key pair; answers the user's keys after the change. */
  async createKey(input: Parameters<typeof rgwRequests.createKey>[0]): Promise<z.infer<typeof keysSchema>> {
    return keysSchema.parse(await this.send(rgwRequests.createKey(input)));
  }
  async removeKey(uid: string, accessKey: string): Promise<void> {
    await this.send(rgwRequests.removeKey(uid, accessKey));
  }
  async setUserQuota(...args: Parameters<typeof rgwRequests.setUserQuota>): Promise<void> {
    await this.send(rgwRequests.setUserQuota(...args));
  }
  async bucketStats(bucket: string): Promise<RgwBucketStats> {
    return rgwBucketStatsSchema.parse(await this.send(rgwRequests.bucketStats(bucket)));
  }
  async linkBucket(bucket: string, uid: string): Promise<void> {
    await this.send(rgwRequests.linkBucket(bucket, uid));
  }
  async unlinkBucket(bucket: string, uid: string): Promise<void> {
    await this.send(rgwRequests.unlinkBucket(bucket, uid));
  }
  async checkBucketIndex(bucket: string, fix: boolean): Promise<RgwIndexCheckAnswer> {
    return rgwIndexCheckAnswerSchema.parse(await this.send(rgwRequests.checkBucketIndex(bucket, fix)));
  }
  async createSubuser(...args: Parameters<typeof rgwRequests.createSubuser>): Promise<void> {
    await this.send(rgwRequests.createSubuser(...args));
  }
  /** Sets the subuser's Swift key: the secret given, or generated; RGW replaces the key the subuser had. */
  async createSwiftKey(uid: string, subuser: string, secretKey?: string): Promise<void> {
    await this.send(rgwRequests.createSwiftKey(uid, subuser, secretKey));
  }
  async removeSwiftKey(uid: string, subuser: string): Promise<void> {
    await this.send(rgwRequests.removeSwiftKey(uid, subuser));
  }
  /** The stats of each bucket linked to the user. */
  async userBucketStats(uid: string): Promise<RgwBucketStats[]> {
    return z.array(rgwBucketStatsSchema).parse(await this.send(rgwRequests.userBucketStats(uid)));
  }
  /** The buckets linked to the user (on its bucket list). */
  async userBuckets(uid: string): Promise<string[]> {
    return z.array(z.string()).parse(await this.send(rgwRequests.userBuckets(uid)));
  }
  async removeSubuser(uid: string, subuser: string): Promise<void> {
    await this.send(rgwRequests.removeSubuser(uid, subuser));
  }
  async changeCaps(uid: string, caps: string, remove: boolean): Promise<void> {
    await this.send(rgwRequests.changeCaps(uid, caps, remove));
  }
  async usage(q: Parameters<typeof rgwRequests.usage>[0]): Promise<RgwUsageAnswer> {
    return rgwUsageAnswerSchema.parse(await this.send(rgwRequests.usage(q)));
  }
  async allBucketStats(signal?: AbortSignal): Promise<RgwBucketStats[]> {
    return z.array(rgwBucketStatsSchema).parse(await this.send(rgwRequests.allBucketStats(), signal));
  }
}

/** RGW's error code from its JSON (`{"Code": …}`) or XML (`<Code>…</Code>`) error body. */
export function errorCode(body: string): string {
  // not JSON: RGW answers some errors (signature, routing) in S3's XML
  return jsonErrorCode(body) ?? /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? '';
}

/** The code of a JSON error body (`{"Code": …}`, RGW's Admin Ops); undefined for any other body. */
function jsonErrorCode(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { Code?: unknown };
    return typeof parsed?.Code === 'string' ? parsed.Code : undefined;
  } catch {
    return undefined;
  }
}
