// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../core/context.js';
import { S3Error } from '../core/errors.js';
import type { AuthenticatedRequest, HandlerResponse } from '../core/request.js';
import { newRequestId } from '../core/request-id.js';
import { adminChanged } from '../site-replication/changes.js';
import { AdminCall, type AdminRoute } from './call.js';
import { accountInfo } from './operations/account-info.js';
import { addCannedPolicy } from './operations/add-canned-policy.js';
import { addServiceAccount } from './operations/add-service-account.js';
import { addUser } from './operations/add-user.js';
import { attachPolicy, detachPolicy } from './operations/attach-detach-policy.js';
import { backgroundHealStatus } from './operations/background-heal-status.js';
import { checkIdentityConfig } from './operations/check-identity-config.js';
import { clearConfigHistoryKV } from './operations/clear-config-history-kv.js';
import { consoleLog } from './operations/console-log.js';
import { dataUsageInfo } from './operations/data-usage-info.js';
import { delConfigKV } from './operations/del-config-kv.js';
import { deleteServiceAccount } from './operations/delete-service-account.js';
import { getBucketQuota } from './operations/get-bucket-quota.js';
import { getConfig } from './operations/get-config.js';
import { getConfigKV } from './operations/get-config-kv.js';
import { getGroup } from './operations/get-group.js';
import { getUserInfo } from './operations/get-user-info.js';
import { heal } from './operations/heal.js';
import { healthInfo } from './operations/health-info.js';
import { helpConfigKV } from './operations/help-config-kv.js';
import { addIdpConfig, deleteIdpConfig, readIdpConfig, updateIdpConfig } from './operations/idp-config.js';
import { infoCannedPolicy } from './operations/info-canned-policy.js';
import { infoServiceAccount } from './operations/info-service-account.js';
import { inspectData } from './operations/inspect-data.js';
import { kmsCreateKey, kmsKeyStatus, kmsListKeys } from './operations/kms-keys.js';
import { kmsStatus } from './operations/kms-status.js';
import { attachPolicyLdap, detachPolicyLdap } from './operations/ldap-policy.js';
import { listCannedPolicies } from './operations/list-canned-policies.js';
import { listConfigHistoryKV } from './operations/list-config-history-kv.js';
import { listGroups } from './operations/list-groups.js';
import { listLdapPolicyEntities } from './operations/list-ldap-policy-entities.js';
import { listPolicyEntities } from './operations/list-policy-entities.js';
import { listRemoteTargets } from './operations/list-remote-targets.js';
import { listServiceAccounts } from './operations/list-service-accounts.js';
import { listUsers } from './operations/list-users.js';
import { metrics } from './operations/metrics.js';
import { cancelDecommission } from './operations/pools-cancel.js';
import { startDecommission } from './operations/pools-decommission.js';
import { listPools } from './operations/pools-list.js';
import { statusPool } from './operations/pools-status.js';
import { downloadProfilingData, profile, startProfiling } from './operations/profile.js';
import { removeCannedPolicy } from './operations/remove-canned-policy.js';
import { removeRemoteTarget } from './operations/remove-remote-target.js';
import { removeUser } from './operations/remove-user.js';
import { restoreConfigHistoryKV } from './operations/restore-config-history-kv.js';
import { serverInfo } from './operations/server-info.js';
import { serverTrace } from './operations/server-trace.js';
import { serviceAction } from './operations/service-action.js';
import { setBucketQuota } from './operations/set-bucket-quota.js';
import { setConfig } from './operations/set-config.js';
import { setConfigKV } from './operations/set-config-kv.js';
import { setGroupStatus } from './operations/set-group-status.js';
import { setRemoteTarget } from './operations/set-remote-target.js';
import { setUserOrGroupPolicy } from './operations/set-user-or-group-policy.js';
import { setUserStatus } from './operations/set-user-status.js';
import { driveSpeedtest, speedtest } from './operations/speedtest.js';
import { storageInfo } from './operations/storage-info.js';
import { temporaryAccountInfo } from './operations/temporary-account-info.js';
import { tierAdd } from './operations/tier-add.js';
import { tierEdit } from './operations/tier-edit.js';
import { tierList } from './operations/tier-list.js';
import { tierRemove } from './operations/tier-remove.js';
import { tierStats } from './operations/tier-stats.js';
import { tierVerify } from './operations/tier-verify.js';
import { updateGroupMembers } from './operations/update-group-members.js';
import { updateServiceAccount } from './operations/update-service-account.js';
import { SITE_REPLICATION_ROUTES } from './site-replication-routes.js';

/** Where the admin API lives: every admin route is under this path (the HTTP edge dispatches on it). */
export const ADMIN_PREFIX = '/minio/admin/v3';

/** madmin-go's KMS calls use this prefix; they are served as the admin API's `/kms/…` routes. */
export const KMS_PREFIX = '/minio/kms/v1';

/** Every configuration call needs this action (MinIO's ConfigUpdateAdminAction, PROTOCOL-NOTES §2). */
const CONFIG = 'admin:ConfigUpdate';

/** The admin routes this store serves (PROTOCOL-NOTES §2, minio cmd/admin-router.go). */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  // Users
  { method: 'GET', path: '/list-users', name: 'ListUsers', action: 'admin:ListUsers', op: listUsers },
  { method: 'PUT', path: '/add-user', name: 'AddUser', action: null, op: addUser },
  { method: 'DELETE', path: '/remove-user', name: 'RemoveUser', action: 'admin:DeleteUser', op: removeUser },
  { method: 'GET', path: '/user-info', name: 'GetUserInfo', action: null, op: getUserInfo },
  {
    method: 'PUT',
    path: '/set-user-status',
    name: 'SetUserStatus',
    action: 'admin:EnableUser',
    op: setUserStatus,
  },
  // Groups
  {
    method: 'PUT',
    path: '/update-group-members',
    name: 'UpdateGroupMembers',
    action: 'admin:AddUserToGroup',
    op: updateGroupMembers,
  },
  { method: 'GET', path: '/group', name: 'GetGroup', action: 'admin:GetGroup', op: getGroup },
  { method: 'GET', path: '/groups', name: 'ListGroups', action: 'admin:ListGroups', op: listGroups },
  {
    method: 'PUT',
    path: '/set-group-status',
    name: 'SetGroupStatus',
    action: 'admin:EnableGroup',
    op: setGroupStatus,
  },
  // Policies
  {
    method: 'GET',
    path: '/list-canned-policies',
    name: 'ListCannedPolicies',
    action: 'admin:ListUserPolicies',
    op: listCannedPolicies,
  },
  {
    method: 'PUT',
    path: '/add-canned-policy',
    name: 'AddCannedPolicy',
    action: 'admin:CreatePolicy',
    op: addCannedPolicy,
  },
  {
    method: 'DELETE',
    path: '/remove-canned-policy',
    name: 'RemoveCannedPolicy',
    action: 'admin:DeletePolicy',
    op: removeCannedPolicy,
  },
  {
    method: 'GET',
    path: '/info-canned-policy',
    name: 'InfoCannedPolicy',
    action: 'admin:GetPolicy',
    op: infoCannedPolicy,
  },
  {
    method: 'PUT',
    path: '/set-user-or-group-policy',
    name: 'SetPolicyForUserOrGroup',
    action: 'admin:AttachUserOrGroupPolicy',
    op: setUserOrGroupPolicy,
  },
  {
    method: 'POST',
    path: '/idp/builtin/policy/attach',
    name: 'AttachPolicyBuiltin',
    action: 'admin:AttachUserOrGroupPolicy',
    op: attachPolicy,
  },
  {
    method: 'POST',
    path: '/idp/builtin/policy/detach',
    name: 'DetachPolicyBuiltin',
    action: 'admin:AttachUserOrGroupPolicy',
    op: detachPolicy,
  },
  {
    method: 'GET',
    path: '/idp/builtin/policy-entities',
    name: 'ListPolicyMappingEntities',
    action: 'admin:ListUserPolicies',
    op: listPolicyEntities,
  },
  // Identity configuration check before saving (a Stowage extension)
  {
    method: 'POST',
    path: '/idp/config/check',
    name: 'CheckIdentityConfig',
    action: CONFIG,
    op: checkIdentityConfig,
  },
  // Identity provider configurations (madmin-go idp-commands.go): over identity_openid / identity_ldap
  {
    method: 'GET',
    path: '/idp-config',
    name: 'GetIdentityProviderCfg',
    action: CONFIG,
    op: readIdpConfig,
    subpaths: true,
  },
  {
    method: 'PUT',
    path: '/idp-config',
    name: 'AddIdentityProviderCfg',
    action: CONFIG,
    op: addIdpConfig,
    subpaths: true,
  },
  {
    method: 'POST',
    path: '/idp-config',
    name: 'UpdateIdentityProviderCfg',
    action: CONFIG,
    op: updateIdpConfig,
    subpaths: true,
  },
  {
    method: 'DELETE',
    path: '/idp-config',
    name: 'DeleteIdentityProviderCfg',
    action: CONFIG,
    op: deleteIdpConfig,
    subpaths: true,
  },
  // LDAP policy mapping (DNs of directory users and groups)
  {
    method: 'POST',
    path: '/idp/ldap/policy/attach',
    name: 'AttachPolicyLDAP',
    action: 'admin:AttachUserOrGroupPolicy',
    op: attachPolicyLdap,
  },
  {
    method: 'POST',
    path: '/idp/ldap/policy/detach',
    name: 'DetachPolicyLDAP',
    action: 'admin:AttachUserOrGroupPolicy',
    op: detachPolicyLdap,
  },
  {
    method: 'GET',
    path: '/idp/ldap/policy-entities',
    name: 'ListLDAPPolicyMappingEntities',
    action: 'admin:ListUserPolicies',
    op: listLdapPolicyEntities,
  },
  // Service accounts (access keys)
  {
    method: 'PUT',
    path: '/add-service-account',
    name: 'AddServiceAccount',
    action: null,
    op: addServiceAccount,
  },
  {
    method: 'POST',
    path: '/update-service-account',
    name: 'UpdateServiceAccount',
    action: null,
    op: updateServiceAccount,
  },
  {
    method: 'GET',
    path: '/list-service-accounts',
    name: 'ListServiceAccounts',
    action: null,
    op: listServiceAccounts,
  },
  {
    method: 'GET',
    path: '/info-service-account',
    name: 'InfoServiceAccount',
    action: null,
    op: infoServiceAccount,
  },
  {
    method: 'DELETE',
    path: '/delete-service-account',
    name: 'DeleteServiceAccount',
    action: null,
    op: deleteServiceAccount,
  },
  {
    method: 'GET',
    path: '/temporary-account-info',
    name: 'TemporaryAccountInfo',
    action: null,
    op: temporaryAccountInfo,
  },
  // Server state
  { method: 'GET', path: '/accountinfo', name: 'AccountInfo', action: null, op: accountInfo },
  { method: 'GET', path: '/info', name: 'ServerInfo', action: 'admin:ServerInfo', op: serverInfo },
  { method: 'GET', path: '/trace', name: 'ServerTrace', action: 'admin:ServerTrace', op: serverTrace },
  { method: 'GET', path: '/log', name: 'ConsoleLog', action: 'admin:ConsoleLog', op: consoleLog },
  { method: 'GET', path: '/storageinfo', name: 'StorageInfo', action: 'admin:StorageInfo', op: storageInfo },
  // Server pools: status (ServerInfo or Decommission, checked by the operation) and decommission.
  { method: 'GET', path: '/pools/list', name: 'ListPools', action: null, op: listPools },
  { method: 'GET', path: '/pools/status', name: 'StatusPool', action: null, op: statusPool },
  {
    method: 'POST',
    path: '/pools/decommission',
    name: 'StartDecommission',
    action: 'admin:Decommission',
    op: startDecommission,
  },
  {
    method: 'POST',
    path: '/pools/cancel',
    name: 'CancelDecommission',
    action: 'admin:Decommission',
    op: cancelDecommission,
  },
  {
    method: 'GET',
    path: '/datausageinfo',
    name: 'DataUsageInfo',
    action: 'admin:DataUsageInfo',
    op: dataUsageInfo,
  },
  {
    method: 'GET',
    path: '/get-bucket-quota',
    name: 'GetBucketQuota',
    action: 'admin:GetBucketQuota',
    op: getBucketQuota,
  },
  {
    method: 'PUT',
    path: '/set-bucket-quota',
    name: 'PutBucketQuota',
    action: 'admin:SetBucketQuota',
    op: setBucketQuota,
  },
  // Bucket remote targets (replication/)
  {
    method: 'GET',
    path: '/list-remote-targets',
    name: 'ListBucketTargets',
    action: 'admin:GetBucketTarget',
    op: listRemoteTargets,
  },
  {
    method: 'PUT',
    path: '/set-remote-target',
    name: 'SetBucketTarget',
    action: 'admin:SetBucketTarget',
    op: setRemoteTarget,
  },
  {
    method: 'DELETE',
    path: '/remove-remote-target',
    name: 'RemoveBucketTarget',
    action: 'admin:SetBucketTarget',
    op: removeRemoteTarget,
  },
  // Configuration (config/): sets, help, export/import, history
  { method: 'GET', path: '/get-config-kv', name: 'GetConfigKV', action: CONFIG, op: getConfigKV },
  { method: 'PUT', path: '/set-config-kv', name: 'SetConfigKV', action: CONFIG, op: setConfigKV },
  { method: 'DELETE', path: '/del-config-kv', name: 'DelConfigKV', action: CONFIG, op: delConfigKV },
  { method: 'GET', path: '/help-config-kv', name: 'HelpConfigKV', action: CONFIG, op: helpConfigKV },
  { method: 'GET', path: '/config', name: 'GetConfig', action: CONFIG, op: getConfig },
  { method: 'PUT', path: '/config', name: 'SetConfig', action: CONFIG, op: setConfig },
  {
    method: 'GET',
    path: '/list-config-history-kv',
    name: 'ListConfigHistoryKV',
    action: CONFIG,
    op: listConfigHistoryKV,
  },
  {
    method: 'PUT',
    path: '/restore-config-history-kv',
    name: 'RestoreConfigHistoryKV',
    action: CONFIG,
    op: restoreConfigHistoryKV,
  },
  {
    method: 'DELETE',
    path: '/clear-config-history-kv',
    name: 'ClearConfigHistoryKV',
    action: CONFIG,
    op: clearConfigHistoryKV,
  },
  { method: 'POST', path: '/service', name: 'Service', action: null, op: serviceAction },
  // Heal and diagnostics (heal/, health/)
  { method: 'POST', path: '/heal', name: 'Heal', action: 'admin:Heal', op: heal, subpaths: true },
  {
    method: 'POST',
    path: '/background-heal/status',
    name: 'BackgroundHealStatus',
    action: 'admin:Heal',
    op: backgroundHealStatus,
  },
  { method: 'GET', path: '/healthinfo', name: 'HealthInfo', action: 'admin:OBDInfo', op: healthInfo },
  // Raw files of objects on every drive (inspect/): MinIO's InspectDataAction
  { method: 'GET', path: '/inspect-data', name: 'InspectData', action: 'admin:InspectData', op: inspectData },
  {
    method: 'POST',
    path: '/inspect-data',
    name: 'InspectData',
    action: 'admin:InspectData',
    op: inspectData,
  },
  // Speedtests (perf/): MinIO's HealthInfoAdminAction
  { method: 'POST', path: '/speedtest', name: 'SpeedTest', action: 'admin:OBDInfo', op: speedtest },
  {
    method: 'POST',
    path: '/speedtest/object',
    name: 'ObjectSpeedTest',
    action: 'admin:OBDInfo',
    op: speedtest,
  },
  {
    method: 'POST',
    path: '/speedtest/drive',
    name: 'DriveSpeedTest',
    action: 'admin:OBDInfo',
    op: driveSpeedtest,
  },
  // Profiling of the store process (perf/profiler.ts): MinIO's ProfilingAdminAction
  { method: 'POST', path: '/profile', name: 'Profile', action: 'admin:Profiling', op: profile },
  {
    method: 'POST',
    path: '/profiling/start',
    name: 'StartProfiling',
    action: 'admin:Profiling',
    op: startProfiling,
  },
  {
    method: 'GET',
    path: '/profiling/download',
    name: 'DownloadProfiling',
    action: 'admin:Profiling',
    op: downloadProfilingData,
  },
  // KMS (kms/): MinIO's KMSKeyStatusAdminAction / KMSCreateKeyAdminAction
  { method: 'GET', path: '/kms/status', name: 'KMSStatus', action: 'admin:KMSKeyStatus', op: kmsStatus },
  {
    method: 'GET',
    path: '/kms/key/status',
    name: 'KMSKeyStatus',
    action: 'admin:KMSKeyStatus',
    op: kmsKeyStatus,
  },
  {
    method: 'GET',
    path: '/kms/key/list',
    name: 'KMSListKeys',
    action: 'admin:KMSKeyStatus',
    op: kmsListKeys,
  },
  {
    method: 'POST',
    path: '/kms/key/create',
    name: 'KMSCreateKey',
    action: 'admin:KMSCreateKey',
    op: kmsCreateKey,
  },
  // Remote tiers (lifecycle transition targets); `{tier}` is the tier's name.
  { method: 'PUT', path: '/tier', name: 'AddTier', action: 'admin:SetTier', op: tierAdd },
  { method: 'GET', path: '/tier', name: 'ListTier', action: 'admin:ListTier', op: tierList },
  { method: 'POST', path: '/tier/{tier}', name: 'EditTier', action: 'admin:SetTier', op: tierEdit },
  { method: 'DELETE', path: '/tier/{tier}', name: 'RemoveTier', action: 'admin:SetTier', op: tierRemove },
  { method: 'GET', path: '/tier/{tier}', name: 'VerifyTier', action: 'admin:ListTier', op: tierVerify },
  { method: 'GET', path: '/tier-stats', name: 'TierStats', action: 'admin:ListTier', op: tierStats },
  // Realtime metrics: the scanner's lifecycle progress.
  { method: 'GET', path: '/metrics', name: 'Metrics', action: 'admin:ServerInfo', op: metrics },
  ...SITE_REPLICATION_ROUTES,
];

const ROUTES = new Map(ADMIN_ROUTES.map((r) => [`${r.method} ${r.path}`, r]));

/** The route for a request, or null (`path` is the full path including /minio/admin/v3). */
export function matchAdminRoute(method: string, path: string): AdminRoute | null {
  if (path.startsWith(`${KMS_PREFIX}/`))
    return ROUTES.get(`${method} /kms${path.slice(KMS_PREFIX.length)}`) ?? null;
  if (!path.startsWith(`${ADMIN_PREFIX}/`)) return null;
  const rel = path.slice(ADMIN_PREFIX.length).replace(/\/+$/, '');
  return (
    ROUTES.get(`${method} ${rel}`) ??
    ROUTES.get(`${method} ${rel.replace(/^\/tier\/[^/]+$/, '/tier/{tier}')}`) ??
    ADMIN_ROUTES.find((r) => r.subpaths && r.method === method && rel.startsWith(`${r.path}/`)) ??
    null
  );
}

function requestIdOf(req: AuthenticatedRequest): string {
  const h = req.headers['x-amz-request-id'];
  if (typeof h === 'string' && h !== '') return h;
  return newRequestId();
}

/**
 * MinIO's JSON error form of the admin API (PROTOCOL-NOTES §1): the one renderer of admin errors, for
 * failures inside the handler and those the HTTP edge meets before it (authentication).
 */
export function adminError(err: S3Error, resource: string, requestId: string): HandlerResponse {
  return {
    status: err.status,
    headers: { 'content-type': 'application/json', 'x-amz-request-id': requestId },
    body: JSON.stringify({
      Code: err.code,
      Message: err.message,
      ...err.extra,
      Resource: resource,
      RequestId: requestId,
      HostId: requestId,
    }),
  };
}

/**
 * Entry point for `/minio/admin/v3/*` (signature already verified by ../auth): finds the route, checks
 * the caller's IAM action, runs the operation, and renders failures as MinIO's JSON errors.
 */
export async function handleAdminRequest(
  req: AuthenticatedRequest,
  ctx: StoreContext,
): Promise<HandlerResponse> {
  const requestId = requestIdOf(req);
  try {
    if (req.identity.kind === 'anonymous') throw new S3Error('AccessDenied');
    // madmin always sends X-Amz-Content-Sha256; MinIO refuses admin calls without it.
    if (req.headers['x-amz-content-sha256'] === undefined) throw new S3Error('AccessDenied');
    const route = matchAdminRoute(req.method, req.path);
    // madmin clients take this status (426) as the cue to fall back to older forms of a call.
    if (!route) {
      throw new S3Error(
        'XMinioAdminVersionMismatch',
        `This 'admin' API is not supported by this server: ${req.method} ${req.path}`,
      );
    }
    const call = new AdminCall(req, ctx, requestId);
    if (route.action !== null) await call.require(route.action);
    const res = await route.op(call);
    if (res.status < 300 && ctx.siteReplication) {
      await adminChanged(ctx.siteReplication, route.name, req.query, req.body, () => call.decryptedJson());
    }
    return { ...res, headers: { 'x-amz-request-id': requestId, ...(res.headers ?? {}) } };
  } catch (err) {
    const e = err instanceof S3Error ? err : new S3Error('InternalError');
    if (!(err instanceof S3Error)) {
      ctx.log.error('Admin API internal error', { err, api: `admin.${req.path.split('/').pop() ?? ''}` });
    }
    return adminError(e, req.path, requestId);
  }
}
