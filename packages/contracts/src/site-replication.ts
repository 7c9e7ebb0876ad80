// SPDX-License-Identifier: Apache-2.0
/**
 * Site replication (issue 34): Settings → Site Replication. The REST calls are MinIO Console's
 * (`admin/site-replication` and `admin/site-replication/status`), and `admin/site-replication/resync`
 * (MinIO Console has none; madmin SiteReplicationResyncOp's names); the status answer keeps madmin's
 * SRStatusInfo maps as MinIO Console passes them on (keyed by deployment id, PascalCase inside).
 */
import { z } from 'zod';

/** A site of the replication set (madmin PeerInfo). */
export const peerInfoSchema = z
  .object({ endpoint: z.string(), name: z.string(), deploymentID: z.string() })
  .meta({ id: 'PeerInfo' });
export type PeerInfo = z.infer<typeof peerInfoSchema>;

/** GET /api/v1/admin/site-replication: whether this site replicates, and with which sites. */
export const siteReplicationInfoSchema = z
  .object({
    enabled: z.boolean(),
    name: z.string().optional(),
    serviceAccountAccessKey: z.string().optional(),
    sites: z.array(peerInfoSchema),
  })
  .meta({ id: 'SiteReplicationInfo' });
export type SiteReplicationInfo = z.infer<typeof siteReplicationInfoSchema>;

/** The fields of one row of the add form. */
export const peerSiteFields = ['name', 'endpoint', 'accessKey', 'secretKey'] as const;
export type PeerSiteField = (typeof peerSiteFields)[number];

/** A site to add (MinIO Console's PeerSite): the first is this site, the others its peers. */
export interface PeerSite {
  name: string;
  endpoint: string;
  accessKey: string;
  secretKey: string;
}

/** Site names MinIO accepts as a label: letters, digits, dot, dash, underscore. */
const SITE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

function endpointProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'Endpoint is required';
  // `east:9000` parses as a URL of scheme `east:`: without `://` it is not the URL the sites need.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(v))
    return 'Enter the endpoint as a URL, e.g. https://minio.example.com:9000';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return 'Enter the endpoint as a URL, e.g. https://minio.example.com:9000';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'The endpoint must start with http:// or https://';
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    return 'The endpoint is a server address only, without a path';
  return null;
}

/** Why one field of a site is not valid, or null. */
export function peerSiteFieldProblem(field: PeerSiteField, value: string): string | null {
  switch (field) {
    case 'name':
      if (value.trim() === '') return 'Site name is required';
      return SITE_NAME.test(value.trim())
        ? null
        : 'Use letters, numbers, dots, dashes and underscores (at most 63 characters)';
    case 'endpoint':
      return endpointProblem(value);
    case 'accessKey':
      if (value.trim() === '') return 'Access key is required';
      return value.trim().length < 3 ? 'Access key must be at least 3 characters long' : null;
    case 'secretKey':
      if (value === '') return 'Secret key is required';
      return value.length < 8 ? 'Secret key must be at least 8 characters long' : null;
  }
}

/** The endpoint as sites compare it: origin only, lower case, no trailing slash. */
export function normalizeEndpoint(endpoint: string): string {
  try {
    return new URL(endpoint.trim()).origin.toLowerCase();
  } catch {
    return endpoint.trim().toLowerCase();
  }
}

/**
 * Every problem of the add form, keyed `<row>.<field>` (row 0 is this site); `form` holds what is not
 * one field's. Empty when the sites can be sent. Shared by the form and the route.
 */
export function peerSitesProblems(sites: readonly PeerSite[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (sites.length < 2) problems.form = 'Add at least one peer site besides this one';
  const seenNames = new Map<string, number>();
  const seenEndpoints = new Map<string, number>();
  sites.forEach((site, i) => {
    for (const field of peerSiteFields) {
      const p = peerSiteFieldProblem(field, site[field]);
      if (p) problems[`${i}.${field}`] = p;
    }
    const name = site.name.trim().toLowerCase();
    if (name && !problems[`${i}.name`]) {
      const first = seenNames.get(name);
      if (first !== undefined) problems[`${i}.name`] = `Site ${first + 1} already has this name`;
      else seenNames.set(name, i);
    }
    if (!problems[`${i}.endpoint`]) {
      const ep = normalizeEndpoint(site.endpoint);
      const first = seenEndpoints.get(ep);
      if (first !== undefined) problems[`${i}.endpoint`] = `Site ${first + 1} already has this endpoint`;
      else seenEndpoints.set(ep, i);
    }
  });
  return problems;
}

const peerSiteSchema = z
  .object({
    name: z.string(),
    endpoint: z.string(),
    accessKey: z.string(),
    secretKey: z.string(),
  })
  .meta({ id: 'PeerSite' });

/** POST /api/v1/admin/site-replication: this site first, then its peers (at least two sites). */
export const siteReplicationAddRequestSchema = z
  .array(peerSiteSchema)
  .superRefine((sites, ctx) => {
    for (const [key, message] of Object.entries(peerSitesProblems(sites))) {
      const [row, field] = key.split('.');
      ctx.addIssue({
        code: 'custom',
        message: row === 'form' ? message : `Site ${Number(row) + 1}: ${message}`,
        path: row === 'form' ? [] : [Number(row), field as string],
      });
    }
  })
  .meta({ id: 'SiteReplicationAddRequest' });
export type SiteReplicationAddRequest = z.infer<typeof siteReplicationAddRequestSchema>;

/** The answer to add: `initialSyncErrorMessage` is set when the sites joined but the first sync failed. */
export const siteReplicationAddResponseSchema = z
  .object({
    success: z.boolean(),
    status: z.string(),
    errorDetail: z.string().optional(),
    initialSyncErrorMessage: z.string().optional(),
  })
  .meta({ id: 'SiteReplicationAddResponse' });
export type SiteReplicationAddResponse = z.infer<typeof siteReplicationAddResponseSchema>;

/** PUT /api/v1/admin/site-replication: a site's new endpoint, named by its deployment id. */
export const siteReplicationEditRequestSchema = z
  .object({
    deploymentID: z.string().min(1, 'The deployment id of the site is required'),
    name: z.string(),
    endpoint: z.string().refine((v) => endpointProblem(v) === null, {
      error: (issue) => endpointProblem(String(issue.input)) ?? 'Invalid endpoint',
    }),
  })
  .meta({ id: 'SiteReplicationEditRequest' });
export type SiteReplicationEditRequest = z.infer<typeof siteReplicationEditRequestSchema>;

export const siteReplicationEditResponseSchema = z
  .object({ success: z.boolean(), status: z.string(), errorDetail: z.string().optional() })
  .meta({ id: 'SiteReplicationEditResponse' });
export type SiteReplicationEditResponse = z.infer<typeof siteReplicationEditResponseSchema>;

/** DELETE /api/v1/admin/site-replication: the named sites leave, or `all` ends replication. */
export const siteReplicationRemoveRequestSchema = z
  .object({ all: z.boolean().optional(), sites: z.array(z.string().min(1)) })
  .refine((r) => r.all === true || r.sites.length > 0, { error: 'Name at least one site to remove' })
  .meta({ id: 'SiteReplicationRemoveRequest' });
export type SiteReplicationRemoveRequest = z.infer<typeof siteReplicationRemoveRequestSchema>;

export const siteReplicationRemoveResponseSchema = z
  .object({ status: z.string(), errorDetail: z.string().optional() })
  .meta({ id: 'SiteReplicationRemoveResponse' });
export type SiteReplicationRemoveResponse = z.infer<typeof siteReplicationRemoveResponseSchema>;

/** What a resync does (madmin SiteResyncOp): start sending everything to a peer again, or stop. */
export const siteReplicationResyncOperations = ['start', 'cancel'] as const;
export type SiteReplicationResyncOperation = (typeof siteReplicationResyncOperations)[number];

/**
 * POST /api/v1/admin/site-replication/resync: resync one peer, named by its deployment id (the console
 * looks the site up in the set, so a site that is not a member is refused before the server is asked).
 */
export const siteReplicationResyncRequestSchema = z
  .object({
    deploymentID: z.string().trim().min(1, 'The deployment id of the site is required'),
    operation: z.enum(siteReplicationResyncOperations, {
      error: 'The operation is start or cancel',
    }),
  })
  .meta({ id: 'SiteReplicationResyncRequest' });
export type SiteReplicationResyncRequest = z.infer<typeof siteReplicationResyncRequestSchema>;

/** madmin SRResyncOpStatus: the operation's id and status, and what happened to each bucket. */
export const siteReplicationResyncResponseSchema = z
  .object({
    op: z.string(),
    id: z.string(),
    status: z.string(),
    buckets: z.array(
      z.object({ bucket: z.string(), status: z.string(), errorDetail: z.string().optional() }),
    ),
  })
  .meta({ id: 'SiteReplicationResyncResponse' });
export type SiteReplicationResyncResponse = z.infer<typeof siteReplicationResyncResponseSchema>;

/** The kinds of item the status page looks up. */
export const siteReplicationEntityTypes = ['bucket', 'user', 'group', 'policy'] as const;
export type SiteReplicationEntityType = (typeof siteReplicationEntityTypes)[number];

const boolQuery = z
  .enum(['true', 'false'])
  .default('true')
  .transform((v) => v === 'true');

/** GET /api/v1/admin/site-replication/status query (MinIO Console's names and defaults). */
export const siteReplicationStatusQuerySchema = z.object({
  buckets: boolQuery,
  groups: boolQuery,
  policies: boolQuery,
  users: boolQuery,
  entityType: z.enum(siteReplicationEntityTypes).optional(),
  entityValue: z.string().optional(),
});
export type SiteReplicationStatusQuery = z.input<typeof siteReplicationStatusQuerySchema>;

const flags = <K extends string>(keys: readonly K[]) =>
  z.object({
    DeploymentID: z.string(),
    ...Object.fromEntries(keys.map((k) => [k, z.boolean().optional()])),
  } as {
    DeploymentID: z.ZodString;
  } & Record<K, z.ZodOptional<z.ZodBoolean>>);

/** One site's view of one bucket: present, and which settings differ from the other sites. */
export const srBucketStatsSchema = flags([
  'HasBucket',
  'BucketMarkedDeleted',
  'TagMismatch',
  'VersioningConfigMismatch',
  'OLockConfigMismatch',
  'PolicyMismatch',
  'SSEConfigMismatch',
  'ReplicationCfgMismatch',
  'QuotaCfgMismatch',
  'HasTagsSet',
  'HasOLockConfigSet',
  'HasPolicySet',
  'HasSSECfgSet',
  'HasReplicationCfg',
  'HasQuotaCfgSet',
] as const).meta({ id: 'SRBucketStats' });
export type SRBucketStats = z.infer<typeof srBucketStatsSchema>;

export const srPolicyStatsSchema = flags(['PolicyMismatch', 'HasPolicy'] as const).meta({
  id: 'SRPolicyStats',
});
export type SRPolicyStats = z.infer<typeof srPolicyStatsSchema>;

export const srUserStatsSchema = flags([
  'PolicyMismatch',
  'UserInfoMismatch',
  'HasUser',
  'HasPolicyMapping',
] as const).meta({ id: 'SRUserStats' });
export type SRUserStats = z.infer<typeof srUserStatsSchema>;

export const srGroupStatsSchema = flags([
  'PolicyMismatch',
  'HasGroup',
  'GroupDescMismatch',
  'HasPolicyMapping',
] as const).meta({ id: 'SRGroupStats' });
export type SRGroupStats = z.infer<typeof srGroupStatsSchema>;

/** Counts of one site: what it holds (`Total…`) and how much of it is replicated (`Replicated…`). */
export const srSiteSummarySchema = z.record(z.string(), z.number()).meta({ id: 'SRSiteSummary' });
export type SRSiteSummary = z.infer<typeof srSiteSummarySchema>;

const statsByItem = <S extends z.ZodType>(s: S) => z.record(z.string(), z.record(z.string(), s));

/** GET /api/v1/admin/site-replication/status: madmin SRStatusInfo in MinIO Console's names. */
export const siteReplicationStatusSchema = z
  .object({
    enabled: z.boolean(),
    maxBuckets: z.number(),
    maxUsers: z.number(),
    maxGroups: z.number(),
    maxPolicies: z.number(),
    /** deployment id → site. */
    sites: z.record(z.string(), peerInfoSchema),
    /** deployment id → counts. */
    statsSummary: z.record(z.string(), srSiteSummarySchema),
    /** item name → deployment id → that site's view (mismatches, or the looked-up entity). */
    bucketStats: statsByItem(srBucketStatsSchema),
    policyStats: statsByItem(srPolicyStatsSchema),
    userStats: statsByItem(srUserStatsSchema),
    groupStats: statsByItem(srGroupStatsSchema),
  })
  .meta({ id: 'SiteReplicationStatus' });
export type SiteReplicationStatus = z.infer<typeof siteReplicationStatusSchema>;
