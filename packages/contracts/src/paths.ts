// SPDX-License-Identifier: Apache-2.0
/**
 * The one route-paths map of the product (CONVENTIONS "one route-paths map"). Page patterns use React
 * Router syntax (`:param`, trailing `*` = any number of segments) so the web app can register them as
 * routes as they are, and the backend lists the same strings in the session's `pages`.
 */

/** Routes outside the signed-in shell (spec 1 §2.1, spec 3 "Routing shell"). */
export const publicPaths = {
  login: '/login',
  oauthCallback: '/oauth_callback',
} as const;

/**
 * Every page of the signed-in shell (spec 1 §2.2, spec 2 "Side menu", spec 3 "Routing shell"). A page is
 * reachable only when the session's `pages` contains its pattern; the first allowed one is the fallback.
 */
export const pagePaths = {
  dashboard: '/dashboard',
  metrics: '/metrics',
  buckets: '/buckets',
  /** Bucket admin (/buckets/{b}/admin/...) and object browser (/buckets/{b}/browse/...). */
  bucketPages: '/buckets/*',
  watch: '/watch',
  users: '/users',
  /** User details; the name may span several segments. */
  userDetails: '/users/*',
  /** Ceph RGW users with their keys and quotas (issue 36; with the `rgw-admin` capability). */
  rgwUsers: '/rgw/users',
  /** One RGW user; the uid (`tenant$user` included) is one segment. */
  rgwUserDetails: '/rgw/users/*',
  groups: '/groups',
  policies: '/policies',
  policyDetails: '/policies/*',
  heal: '/heal',
  trace: '/trace',
  logs: '/logs',
  healthInfo: '/health-info',
  /** Tools → Performance: object and drive speedtests (issue 38). */
  speedtest: '/speedtest',
  /** Tools → Inspect: the raw files of objects on every drive, as a zip (issue 38). */
  inspect: '/inspect',
  /** Tools → Profile: CPU and heap profiles of the server process, as a zip (issue 38). */
  profile: '/profile',
  /** Identity → OpenID: the named OpenID provider configurations (issue 38, as the community console). */
  idpOpenId: '/identity/openid',
  /** Identity → LDAP: the LDAP configuration and the directory's policy entities. */
  idpLdap: '/identity/ldap',
  settings: '/settings',
  /** The KMS page (issue 18, beyond the spec): status, keys, create key. */
  kms: '/kms',
  /** Access keys (service accounts) of the signed-in user. */
  account: '/account',
  /** Not a page of its own: when listed, /account offers the password change (spec 1 §2.2). */
  accountChangePassword: '/account/change-password',
  webhookLogger: '/webhook/logger',
  webhookAudit: '/webhook/audit',
  tenants: '/tenants',
  tenantsAdd: '/tenants/add',
  storage: '/storage',
  storageVolumes: '/storage/volumes',
  storageDrives: '/storage/drives',
  /** Tenant details with sub-paths summary, metrics, security, pools, pods, pods/{pod}, volumes, license, hop. */
  tenantDetails: '/namespaces/:tenantNamespace/tenants/:tenantName/*',
  license: '/license',
} as const;

export type PagePath = (typeof pagePaths)[keyof typeof pagePaths];

/** All page patterns, in side-menu order (the order decides the fallback page). */
export const allPagePaths: readonly PagePath[] = Object.values(pagePaths);

/** Tabs of the bucket admin screen (spec 1 §2.5). */
export const bucketAdminTabs = ['summary', 'events', 'replication', 'lifecycle', 'access', 'prefix'] as const;
export type BucketAdminTab = (typeof bucketAdminTabs)[number];

/** Tabs of the tenant details screen (spec 3 "Tenant details"). */
export const tenantTabs = [
  'summary',
  'metrics',
  'security',
  'pools',
  'pods',
  /** Beyond spec 3's list (issue 33): the supervisor's events of every pod of the tenant. */
  'events',
  'volumes',
  'license',
  'hop',
] as const;
export type TenantTab = (typeof tenantTabs)[number];

const seg = (s: string): string => encodeURIComponent(s);
/** Object paths keep their slashes as path separators; each segment is encoded on its own. */
const segs = (s: string): string => s.split('/').map(seg).join('/');

/** Builders for concrete links to parameterised pages. */
export const links = {
  bucketAdmin: (bucket: string, tab: BucketAdminTab = 'summary'): string =>
    `/buckets/${seg(bucket)}/admin/${tab}`,
  bucketBrowse: (bucket: string, path = ''): string =>
    path === '' ? `/buckets/${seg(bucket)}/browse` : `/buckets/${seg(bucket)}/browse/${segs(path)}`,
  userDetails: (userName: string): string => `/users/${segs(userName)}`,
  rgwUserDetails: (uid: string): string => `/rgw/users/${seg(uid)}`,
  policyDetails: (policyName: string): string => `/policies/${seg(policyName)}`,
  tenantDetails: (namespace: string, tenant: string, tab: TenantTab = 'summary'): string =>
    `/namespaces/${seg(namespace)}/tenants/${seg(tenant)}/${tab}`,
  tenantPod: (namespace: string, tenant: string, pod: string): string =>
    `/namespaces/${seg(namespace)}/tenants/${seg(tenant)}/pods/${seg(pod)}`,
} as const;

/** REST endpoints of the console backend (spec 1 §7). Paths are relative to the base path. */
export const apiPaths = {
  openapi: '/api/v1/openapi.json',
  login: '/api/v1/login',
  loginOperator: '/api/v1/login/operator',
  loginOAuth2: '/api/v1/login/oauth2/auth',
  logout: '/api/v1/logout',
  session: '/api/v1/session',
  hasPermission: '/api/v1/has-permission',
  // Dashboard (spec 2 §7).
  adminInfo: '/api/v1/admin/info',
  adminInfoWidget: '/api/v1/admin/info/widgets/:id',
  buckets: '/api/v1/buckets',
  // Ceph RGW Admin Ops (issue 36).
  rgwUsers: '/api/v1/rgw/users',
  rgwUser: '/api/v1/rgw/users/:uid',
  rgwUserKeys: '/api/v1/rgw/users/:uid/keys',
  rgwUserKey: '/api/v1/rgw/users/:uid/keys/:accessKey',
  rgwUserQuota: '/api/v1/rgw/users/:uid/quota/:scope',
  rgwBucketStats: '/api/v1/rgw/buckets/:bucket/stats',
  rgwUserSubusers: '/api/v1/rgw/users/:uid/subusers',
  rgwUserSubuser: '/api/v1/rgw/users/:uid/subusers/:subuser',
  rgwSubuserSwiftKey: '/api/v1/rgw/users/:uid/subusers/:subuser/swift-key',
  rgwUserCap: '/api/v1/rgw/users/:uid/caps/:type',
  rgwUserBuckets: '/api/v1/rgw/users/:uid/buckets',
  rgwBucketOwner: '/api/v1/rgw/buckets/:bucket/owner',
  rgwBucketIndexCheck: '/api/v1/rgw/buckets/:bucket/index-check',
  rgwUsage: '/api/v1/rgw/usage',
  rgwCapacity: '/api/v1/rgw/capacity',
  // Identity (spec 2 §7). `:param` segments are filled with `fillApiPath` (one encoded segment each).
  users: '/api/v1/users',
  user: '/api/v1/user',
  usersGroupsBulk: '/api/v1/users-groups-bulk',
  groups: '/api/v1/groups',
  group: '/api/v1/group',
  policies: '/api/v1/policies',
  policy: '/api/v1/policy',
  policyByName: '/api/v1/policies/:name',
  policyUsers: '/api/v1/policies/:name/users',
  policyGroups: '/api/v1/policies/:name/groups',
  setPolicy: '/api/v1/set-policy',
  // Identity with LDAP (issue 23): the directory's DNs that have policies, and their policies.
  ldapEntities: '/api/v1/ldap-entities',
  ldapEntityPolicies: '/api/v1/ldap-entities/policies',
  serviceAccounts: '/api/v1/service-accounts',
  serviceAccount: '/api/v1/service-accounts/:name',
  serviceAccountCredentials: '/api/v1/service-account-credentials',
  userServiceAccounts: '/api/v1/user/:user/service-accounts',
  userServiceAccountCredentials: '/api/v1/user/:user/service-account-credentials',
  changePassword: '/api/v1/account/change-password',
  changeUserPassword: '/api/v1/account/change-user-password',
  // Bucket management (issue 6); `:name`/`:bucket` are filled with `fillApiPath`.
  bucket: '/api/v1/buckets/:name',
  bucketSetPolicy: '/api/v1/buckets/:bucket/set-policy',
  bucketRetention: '/api/v1/buckets/:bucket/retention',
  bucketVersioning: '/api/v1/buckets/:bucket/versioning',
  bucketQuota: '/api/v1/buckets/:bucket/quota',
  bucketObjectLocking: '/api/v1/buckets/:bucket/object-locking',
  bucketEncryptionInfo: '/api/v1/buckets/:bucket/encryption/info',
  bucketEncryptionEnable: '/api/v1/buckets/:bucket/encryption/enable',
  bucketEncryptionDisable: '/api/v1/buckets/:bucket/encryption/disable',
  // License page (issue 40): the console's licence and third-party notices, the server's licence.
  about: '/api/v1/about',
  license: '/api/v1/license',
  serverLicense: '/api/v1/license/server',
  // KMS (issue 18, beyond the spec): MinIO's KMS API through the admin client.
  kmsStatus: '/api/v1/kms/status',
  kmsKeys: '/api/v1/kms/keys',
  bucketUsers: '/api/v1/bucket-users/:bucket',
  bucketPolicies: '/api/v1/bucket-policy/:bucket',
  bucketAccessRules: '/api/v1/bucket/:bucket/access-rules',
  // Bucket replication (issue 21, spec 1 §7).
  bucketReplication: '/api/v1/buckets/:bucket/replication',
  bucketReplicationRule: '/api/v1/buckets/:bucket/replication/:rule',
  bucketsReplication: '/api/v1/buckets-replication',
  listExternalBuckets: '/api/v1/list-external-buckets',
  // Lifecycle and tiers (issue 19, spec 1 §7, spec 2 §7).
  bucketLifecycle: '/api/v1/buckets/:bucket/lifecycle',
  bucketLifecycleRule: '/api/v1/buckets/:bucket/lifecycle/:ruleId',
  tiers: '/api/v1/admin/tiers',
  tierCredentials: '/api/v1/admin/tiers/:type/:name/credentials',
  tier: '/api/v1/admin/tiers/:name',
  // Object browser (issue 7, spec 1 §7 "Objects").
  objects: '/api/v1/buckets/:bucket/objects',
  objectShare: '/api/v1/buckets/:bucket/objects/share',
  objectDownload: '/api/v1/buckets/:bucket/objects/download',
  objectRetention: '/api/v1/buckets/:bucket/objects/retention',
  objectLegalHold: '/api/v1/buckets/:bucket/objects/legalhold',
  objectRestore: '/api/v1/buckets/:bucket/objects/restore',
  objectTags: '/api/v1/buckets/:bucket/objects/tags',
  objectUpload: '/api/v1/buckets/:bucket/objects/upload',
  deleteObjects: '/api/v1/buckets/:bucket/delete-objects',
  // Uploads the browser can resume: S3 multipart step by step (issue 35).
  multipartUploads: '/api/v1/buckets/:bucket/multipart-uploads',
  multipartUpload: '/api/v1/buckets/:bucket/multipart-uploads/:uploadId',
  multipartPart: '/api/v1/buckets/:bucket/multipart-uploads/:uploadId/parts/:partNumber',
  // Background jobs: copy, move, rename, big deletes (issue 35).
  jobs: '/api/v1/jobs',
  job: '/api/v1/jobs/:id',
  jobAction: '/api/v1/jobs/:id/:action',
  rewind: '/api/v1/buckets/:bucket/rewind/:date',
  // Settings (issue 15, spec 2 "Settings", §7); `:name` is a set, optionally `set:target`.
  configs: '/api/v1/configs',
  configExport: '/api/v1/configs/export',
  configImport: '/api/v1/configs/import',
  configHistory: '/api/v1/configs/history',
  configHistoryRestore: '/api/v1/configs/history/:restoreId/restore',
  config: '/api/v1/configs/:name',
  configReset: '/api/v1/configs/:name/reset',
  configCheck: '/api/v1/configs/:name/check',
  // Webhook pages (spec 2 "Webhook configuration pages"); `:kind` is logger or audit.
  webhooks: '/api/v1/webhooks/:kind',
  webhook: '/api/v1/webhooks/:kind/:name',
  // Lambda Notifications (spec 2 "Settings", §7) and the bucket Events tab (spec 1).
  notificationEndpoints: '/api/v1/admin/notification_endpoints',
  notificationEndpoint: '/api/v1/admin/notification_endpoints/:service/:accountId',
  bucketEvents: '/api/v1/buckets/:bucket/events',
  bucketEvent: '/api/v1/buckets/:bucket/events/:id',
  // SNS-compatible topics that bucket events go to (Ceph RGW; issue 36, with the `topics` capability).
  topics: '/api/v1/topics',
  topic: '/api/v1/topics/:name',
  // A bucket's CORS rules through S3 (issue 36, with the `cors` capability).
  bucketCors: '/api/v1/buckets/:bucket/cors',
  // A bucket's public access block and Object Ownership through S3 (issue 36, each with its capability).
  bucketPublicAccessBlock: '/api/v1/buckets/:bucket/public-access-block',
  bucketOwnershipControls: '/api/v1/buckets/:bucket/ownership-controls',
  // A bucket's tags through S3 (issue 36, with the `tagging` capability).
  bucketTags: '/api/v1/buckets/:bucket/tags',
  // Restart banner (spec 3 §4).
  serviceRestart: '/api/v1/service/restart',
  // Audit log search (issue 22, spec 3 §7): the search, and where the server's audit webhook posts.
  logSearch: '/api/v1/logs/search',
  logSearchIngest: '/api/v1/logs/audit-ingest',
  // Operator mode (issue 33, spec 3 §7). `:ns`, `:tenant`, `:pod` are filled with `fillApiPath`.
  tenants: '/api/v1/tenants',
  namespace: '/api/v1/namespace',
  namespaceTenants: '/api/v1/namespaces/:ns/tenants',
  tenant: '/api/v1/namespaces/:ns/tenants/:tenant',
  tenantYaml: '/api/v1/namespaces/:ns/tenants/:tenant/yaml',
  tenantUsage: '/api/v1/namespaces/:ns/tenants/:tenant/usage',
  tenantPools: '/api/v1/namespaces/:ns/tenants/:tenant/pools',
  tenantPods: '/api/v1/namespaces/:ns/tenants/:tenant/pods',
  /** GET = the pod's log text; DELETE = delete (restart) the pod. */
  tenantPod: '/api/v1/namespaces/:ns/tenants/:tenant/pods/:pod',
  tenantPodEvents: '/api/v1/namespaces/:ns/tenants/:tenant/pods/:pod/events',
  tenantPvcs: '/api/v1/namespaces/:ns/tenants/:tenant/pvcs',
  tenantSecurity: '/api/v1/namespaces/:ns/tenants/:tenant/security',
  /** The operator's CA certificate (PEM), which signs autocert tenants' certificates. */
  operatorCa: '/api/v1/operator/ca.crt',
  resourceQuota: '/api/v1/namespaces/:ns/resourcequotas/:quota',
  nodeLabels: '/api/v1/nodes/labels',
  maxAllocatableMemory: '/api/v1/cluster/max-allocatable-memory',
  parity: '/api/v1/get-parity/:nodes/:drivesPerServer',
  listPvcs: '/api/v1/list-pvcs',
  drives: '/api/v1/direct-csi/drives',
  drivesFormat: '/api/v1/direct-csi/drives/format',
  subscriptionInfo: '/api/v1/subscription/info',
  subscriptionValidate: '/api/v1/subscription/validate',
  subscriptionRefresh: '/api/v1/subscription/refresh',
  subscriptionActivate: '/api/v1/subscription/namespaces/:ns/tenants/:tenant/activate',
  /** Manage Tenant and Metrics: this console serving one tenant (spec 3 §7); `cp=y` for management. */
  tenantProxy: '/api/proxy/:ns/:tenant/',
  // Support tools (issue 38): the raw files of objects on every drive.
  inspect: '/api/v1/admin/inspect',
  /** Tools → Profile: start profiling the server; stop answers the zip of the profiles. */
  profileStart: '/api/v1/admin/profile/start',
  profileStop: '/api/v1/admin/profile/stop',
  /** The background heal's state (MinIO's background-heal/status), shown on the Heal page. */
  backgroundHeal: '/api/v1/admin/heal/background',
  /** Site replication (issue 34): GET info, POST add, PUT edit, DELETE remove — MinIO Console's names. */
  siteReplication: '/api/v1/admin/site-replication',
  siteReplicationStatus: '/api/v1/admin/site-replication/status',
  /** POST: start or cancel the resync of one peer (madmin SiteReplicationResyncOp). */
  siteReplicationResync: '/api/v1/admin/site-replication/resync',
  // Identity provider configurations (issue 38): MinIO's idp-config API; `:type` is openid or ldap.
  idp: '/api/v1/idp/:type',
  idpConfig: '/api/v1/idp/:type/:name',
} as const;

/** The namespace's storage quota name (spec 3 §7 `{ns}-storagequota`). */
export const storageQuotaName = (namespace: string): string => `${namespace}-storagequota`;

/** The console's WebSocket endpoints (spec 3 §7): live tools stream over these. */
export const wsPaths = {
  trace: '/ws/trace',
  /** The server's error log: the last entries, then new ones. */
  console: '/ws/console',
  /** `:bucket` is filled with `fillApiPath`. */
  watch: '/ws/watch/:bucket',
  /** Heal of a bucket (and prefix) with its progress (issue 22). */
  heal: '/ws/heal/:bucket',
  /** Heal of every bucket (MinIO's heal without a bucket: the store's documents, then each bucket). */
  healAll: '/ws/heal',
  /** The diagnostic report as it is gathered (issue 22). */
  healthInfo: '/ws/health-info',
  /** Object and drive speedtests with their figures as they come (issue 38). */
  speedtest: '/ws/speedtest',
} as const;

/** Fills the `:param` segments of an `apiPaths` pattern, each URL-encoded. */
export function fillApiPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (whole, key: string) =>
    params[key] === undefined ? whole : encodeURIComponent(params[key]),
  );
}

/**
 * Proxy base path (spec 1 §2.1): when the page is served under `/api/proxy/<namespace>/<tenant>/...`, the
 * router base and every API path keep those first segments. Returns '' when the path has no such prefix.
 */
export function proxyBasePath(pathname: string): string {
  const m = /^\/api\/proxy\/([^/]+)\/([^/]+)(?=\/|$)/.exec(pathname);
  return m === null ? '' : m[0];
}
