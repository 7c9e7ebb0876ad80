// SPDX-License-Identifier: Apache-2.0
/**
 * MadminClient: a typed client of MinIO's admin API v3, wire-compatible with madmin-go. Each method
 * is one call of PROTOCOL-NOTES §2, implemented in `calls/<area>.ts`; the class only binds them to
 * one set of credentials. New areas (tiers, remote targets, ...) add a file in `calls/` and a method
 * here.
 */
import type { Readable } from 'node:stream';
import * as config from './calls/config.js';
import * as configHistory from './calls/config-history.js';
import * as groups from './calls/groups.js';
import * as heal from './calls/heal.js';
import * as health from './calls/health.js';
import * as idp from './calls/idp-config.js';
import * as info from './calls/info.js';
import * as inspectCalls from './calls/inspect.js';
import * as kms from './calls/kms.js';
import * as license from './calls/license.js';
import * as logs from './calls/logs.js';
import * as metrics from './calls/metrics.js';
import * as policies from './calls/policies.js';
import * as pools from './calls/pools.js';
import * as profiling from './calls/profile.js';
import * as quota from './calls/quota.js';
import * as remoteTargets from './calls/remote-targets.js';
import * as service from './calls/service.js';
import * as serviceAccounts from './calls/service-accounts.js';
import * as siteReplication from './calls/site-replication.js';
import * as speedtests from './calls/speedtest.js';
import * as tiers from './calls/tiers.js';
import * as trace from './calls/trace.js';
import * as users from './calls/users.js';
import { AdminTransport, type AdminTransportOptions } from './transport.js';
import type {
  ConfigHelp,
  ConfigHistoryEntry,
  ConfigSetResult,
  IdentityConfigCheckRequest,
  IdentityConfigCheckResponse,
} from './types/config.js';
import type { GroupAddRemove, GroupDesc, GroupStatus } from './types/groups.js';
import type { BgHealState, HealRequest, HealStartSuccess, HealTaskStatus } from './types/heal.js';
import type { HealthDataType, HealthInfo } from './types/health.js';
import type { IdpConfig, IdpConfigType, IdpListItem } from './types/idp.js';
import type { AccountInfo, DataUsageInfo, InfoMessage, StorageInfo } from './types/info.js';
import type { KMSKeyInfo, KMSKeyStatus, KMSStatus } from './types/kms.js';
import type { LicenseInfo } from './types/license.js';
import type { LogInfo, LogOpts } from './types/logs.js';
import type { ScannerMetrics } from './types/metrics.js';
import type {
  ListCannedPoliciesResponse,
  PolicyAssociationRequest,
  PolicyAssociationResponse,
  PolicyDocument,
  PolicyEntitiesQuery,
  PolicyEntitiesResult,
  PolicyInfo,
} from './types/policies.js';
import type { PoolStatus } from './types/pools.js';
import type { BucketQuota } from './types/quota.js';
import type { BucketTarget, TargetUpdateType } from './types/remote-targets.js';
import type { ServiceAction } from './types/service.js';
import type {
  AddServiceAccountRequest,
  Credentials,
  InfoServiceAccountResponse,
  ListServiceAccountsResponse,
  UpdateServiceAccountRequest,
} from './types/service-accounts.js';
import type {
  PeerInfo,
  PeerSite,
  ReplicateAddStatus,
  ReplicateEditStatus,
  ReplicateRemoveStatus,
  SiteReplicationInfo,
  SiteResyncOp,
  SRRemoveReq,
  SRResyncOpStatus,
  SRStatusInfo,
  SRStatusOptions,
} from './types/site-replication.js';
import type {
  DriveSpeedTestOpts,
  DriveSpeedTestResult,
  SpeedTestResult,
  SpeedtestOpts,
} from './types/speedtest.js';
import type { TierConfig, TierCreds, TierInfo } from './types/tiers.js';
import type { ServiceTraceOpts, TraceInfo } from './types/trace.js';
import type { AccountStatus, ListUsersResponse, UserInfo } from './types/users.js';

/** Options of a {@link MadminClient}. */
export type MadminClientOptions = AdminTransportOptions;

/** A client of one server with one set of credentials. */
export class MadminClient extends AdminTransport {
  // Users
  listUsers(signal?: AbortSignal): Promise<ListUsersResponse> {
    return users.listUsers(this, signal);
  }
  addUser(accessKey: string, secretKey: string, status?: AccountStatus): Promise<void> {
    return users.addUser(this, accessKey, secretKey, status);
  }
  removeUser(accessKey: string): Promise<void> {
    return users.removeUser(this, accessKey);
  }
  getUserInfo(accessKey: string): Promise<UserInfo> {
    return users.getUserInfo(this, accessKey);
  }
  setUserStatus(accessKey: string, status: AccountStatus): Promise<void> {
    return users.setUserStatus(this, accessKey, status);
  }

  // Groups
  updateGroupMembers(req: GroupAddRemove): Promise<void> {
    return groups.updateGroupMembers(this, req);
  }
  getGroupDescription(group: string): Promise<GroupDesc> {
    return groups.getGroupDescription(this, group);
  }
  listGroups(signal?: AbortSignal): Promise<string[]> {
    return groups.listGroups(this, signal);
  }
  setGroupStatus(group: string, status: GroupStatus): Promise<void> {
    return groups.setGroupStatus(this, group, status);
  }

  // Policies
  listCannedPolicies(signal?: AbortSignal): Promise<ListCannedPoliciesResponse> {
    return policies.listCannedPolicies(this, signal);
  }
  addCannedPolicy(name: string, policy: PolicyDocument | string): Promise<void> {
    return policies.addCannedPolicy(this, name, policy);
  }
  removeCannedPolicy(name: string): Promise<void> {
    return policies.removeCannedPolicy(this, name);
  }
  infoCannedPolicy(name: string): Promise<PolicyInfo> {
    return policies.infoCannedPolicy(this, name);
  }
  setPolicy(policyNames: string | readonly string[], entityName: string, isGroup: boolean): Promise<void> {
    return policies.setPolicy(this, policyNames, entityName, isGroup);
  }
  attachPolicy(req: PolicyAssociationRequest): Promise<PolicyAssociationResponse | undefined> {
    return policies.attachPolicy(this, req);
  }
  detachPolicy(req: PolicyAssociationRequest): Promise<PolicyAssociationResponse | undefined> {
    return policies.detachPolicy(this, req);
  }
  attachPolicyLDAP(req: PolicyAssociationRequest): Promise<PolicyAssociationResponse | undefined> {
    return policies.attachPolicyLDAP(this, req);
  }
  detachPolicyLDAP(req: PolicyAssociationRequest): Promise<PolicyAssociationResponse | undefined> {
    return policies.detachPolicyLDAP(this, req);
  }
  getPolicyEntities(query?: PolicyEntitiesQuery): Promise<PolicyEntitiesResult> {
    return policies.getPolicyEntities(this, query);
  }
  getLDAPPolicyEntities(query?: PolicyEntitiesQuery): Promise<PolicyEntitiesResult> {
    return policies.getLDAPPolicyEntities(this, query);
  }

  // Service accounts
  addServiceAccount(req?: AddServiceAccountRequest): Promise<Credentials> {
    return serviceAccounts.addServiceAccount(this, req);
  }
  updateServiceAccount(accessKey: string, req: UpdateServiceAccountRequest): Promise<void> {
    return serviceAccounts.updateServiceAccount(this, accessKey, req);
  }
  listServiceAccounts(user?: string): Promise<ListServiceAccountsResponse> {
    return serviceAccounts.listServiceAccounts(this, user);
  }
  infoServiceAccount(accessKey: string): Promise<InfoServiceAccountResponse> {
    return serviceAccounts.infoServiceAccount(this, accessKey);
  }
  deleteServiceAccount(accessKey: string): Promise<void> {
    return serviceAccounts.deleteServiceAccount(this, accessKey);
  }

  // Server state
  accountInfo(opts?: { prefixUsage?: boolean }, signal?: AbortSignal): Promise<AccountInfo> {
    return info.accountInfo(this, opts, signal);
  }
  serverInfo(signal?: AbortSignal): Promise<InfoMessage> {
    return info.serverInfo(this, signal);
  }
  licenseInfo(signal?: AbortSignal): Promise<LicenseInfo> {
    return license.licenseInfo(this, signal);
  }
  storageInfo(signal?: AbortSignal): Promise<StorageInfo> {
    return info.storageInfo(this, signal);
  }
  dataUsageInfo(signal?: AbortSignal): Promise<DataUsageInfo> {
    return info.dataUsageInfo(this, signal);
  }

  // Server pools
  listPoolsStatus(): Promise<PoolStatus[]> {
    return pools.listPoolsStatus(this);
  }
  statusPool(pool: string): Promise<PoolStatus> {
    return pools.statusPool(this, pool);
  }
  decommissionPool(pool: string): Promise<void> {
    return pools.decommissionPool(this, pool);
  }
  cancelDecommissionPool(pool: string): Promise<void> {
    return pools.cancelDecommissionPool(this, pool);
  }

  // Site replication
  siteReplicationAdd(sites: PeerSite[]): Promise<ReplicateAddStatus> {
    return siteReplication.siteReplicationAdd(this, sites);
  }
  siteReplicationInfo(signal?: AbortSignal): Promise<SiteReplicationInfo> {
    return siteReplication.siteReplicationInfo(this, signal);
  }
  srStatusInfo(opts?: SRStatusOptions, signal?: AbortSignal): Promise<SRStatusInfo> {
    return siteReplication.srStatusInfo(this, opts, signal);
  }
  siteReplicationEdit(site: PeerInfo): Promise<ReplicateEditStatus> {
    return siteReplication.siteReplicationEdit(this, site);
  }
  siteReplicationRemove(req: SRRemoveReq): Promise<ReplicateRemoveStatus> {
    return siteReplication.siteReplicationRemove(this, req);
  }
  siteReplicationResyncOp(site: PeerInfo, op: SiteResyncOp): Promise<SRResyncOpStatus> {
    return siteReplication.siteReplicationResyncOp(this, site, op);
  }

  // Quotas
  getBucketQuota(bucket: string): Promise<BucketQuota> {
    return quota.getBucketQuota(this, bucket);
  }
  setBucketQuota(bucket: string, q: BucketQuota): Promise<void> {
    return quota.setBucketQuota(this, bucket, q);
  }

  // Service
  serviceRestart(): Promise<void> {
    return service.serviceRestart(this);
  }
  serviceAction(action: ServiceAction): Promise<void> {
    return service.serviceAction(this, action);
  }

  // Configuration
  getConfigKV(key: string): Promise<string> {
    return config.getConfigKV(this, key);
  }
  checkIdentityConfig(req: IdentityConfigCheckRequest): Promise<IdentityConfigCheckResponse> {
    return config.checkIdentityConfig(this, req);
  }
  setConfigKV(kv: string): Promise<ConfigSetResult> {
    return config.setConfigKV(this, kv);
  }
  delConfigKV(key: string): Promise<ConfigSetResult> {
    return config.delConfigKV(this, key);
  }
  helpConfigKV(subSys: string, key?: string, envOnly?: boolean): Promise<ConfigHelp> {
    return config.helpConfigKV(this, subSys, key, envOnly);
  }
  getConfig(): Promise<string> {
    return config.getConfig(this);
  }
  setConfig(text: string): Promise<void> {
    return config.setConfig(this, text);
  }
  listConfigHistoryKV(count?: number): Promise<ConfigHistoryEntry[]> {
    return configHistory.listConfigHistoryKV(this, count);
  }
  restoreConfigHistoryKV(restoreId: string): Promise<void> {
    return configHistory.restoreConfigHistoryKV(this, restoreId);
  }
  clearConfigHistoryKV(restoreId: string): Promise<void> {
    return configHistory.clearConfigHistoryKV(this, restoreId);
  }

  // Healing
  healStart(req?: Omit<HealRequest, 'clientToken'>): Promise<HealStartSuccess> {
    return heal.healStart(this, req);
  }
  healStatus(req: { bucket?: string; prefix?: string; clientToken: string }): Promise<HealTaskStatus> {
    return heal.healStatus(this, req);
  }
  backgroundHealStatus(): Promise<BgHealState> {
    return heal.backgroundHealStatus(this);
  }

  // Tiers
  addTier(cfg: TierConfig): Promise<void> {
    return tiers.addTier(this, cfg);
  }
  listTiers(): Promise<TierConfig[]> {
    return tiers.listTiers(this);
  }
  editTier(name: string, creds: TierCreds): Promise<void> {
    return tiers.editTier(this, name, creds);
  }
  removeTier(name: string): Promise<void> {
    return tiers.removeTier(this, name);
  }
  verifyTier(name: string): Promise<void> {
    return tiers.verifyTier(this, name);
  }
  tierStats(): Promise<TierInfo[]> {
    return tiers.tierStats(this);
  }

  // Remote targets
  listRemoteTargets(bucket?: string, arnType?: string): Promise<BucketTarget[]> {
    return remoteTargets.listRemoteTargets(this, bucket, arnType);
  }
  setRemoteTarget(bucket: string, target: BucketTarget): Promise<string> {
    return remoteTargets.setRemoteTarget(this, bucket, target);
  }
  updateRemoteTarget(target: BucketTarget, ops: readonly TargetUpdateType[]): Promise<string> {
    return remoteTargets.updateRemoteTarget(this, target, ops);
  }
  removeRemoteTarget(bucket: string, arn: string): Promise<void> {
    return remoteTargets.removeRemoteTarget(this, bucket, arn);
  }

  // Streams
  serverHealthInfo(
    types: readonly HealthDataType[],
    deadlineMs?: number,
    signal?: AbortSignal,
  ): AsyncGenerator<HealthInfo, void, undefined> {
    return health.serverHealthInfo(this, types, deadlineMs, signal);
  }
  // Identity provider configurations
  listIdpConfig(type: IdpConfigType): Promise<IdpListItem[]> {
    return idp.listIdpConfig(this, type);
  }
  getIdpConfig(type: IdpConfigType, name: string): Promise<IdpConfig> {
    return idp.getIdpConfig(this, type, name);
  }
  addOrUpdateIdpConfig(
    type: IdpConfigType,
    name: string,
    cfgData: string,
    update: boolean,
  ): Promise<ConfigSetResult> {
    return idp.addOrUpdateIdpConfig(this, type, name, cfgData, update);
  }
  deleteIdpConfig(type: IdpConfigType, name: string): Promise<ConfigSetResult> {
    return idp.deleteIdpConfig(this, type, name);
  }

  /** The raw files of objects on every drive, as a zip sealed with a one-time key. */
  inspect(opts: inspectCalls.InspectOptions, signal?: AbortSignal): Promise<inspectCalls.InspectResult> {
    return inspectCalls.inspect(this, opts, signal);
  }
  /** Profiles the server for a time (MinIO's `profile`); the zip of the profiles. */
  profile(opts: profiling.ProfileOptions, signal?: AbortSignal): Promise<Readable> {
    return profiling.profile(this, opts, signal);
  }
  /** Ends any profiling and starts these profiler types (MinIO's `profiling/start`). */
  startProfiling(types: readonly string[]): Promise<profiling.StartProfilingResult[]> {
    return profiling.startProfiling(this, types);
  }
  /** Ends the profiling started by {@link startProfiling}; the zip of its profiles. */
  downloadProfilingData(signal?: AbortSignal): Promise<Readable> {
    return profiling.downloadProfilingData(this, signal);
  }
  /** Object PUT/GET throughput (each autotune step's figures, the last one the result). */
  speedtest(opts: SpeedtestOpts, signal?: AbortSignal): AsyncGenerator<SpeedTestResult, void, undefined> {
    return speedtests.speedtest(this, opts, signal);
  }
  /** Each server's drives, written and read back sequentially. */
  driveSpeedtest(
    opts: DriveSpeedTestOpts,
    signal?: AbortSignal,
  ): AsyncGenerator<DriveSpeedTestResult, void, undefined> {
    return speedtests.driveSpeedtest(this, opts, signal);
  }
  serverTrace(opts?: ServiceTraceOpts, signal?: AbortSignal): AsyncGenerator<TraceInfo, void, undefined> {
    return trace.serverTrace(this, opts, signal);
  }
  getLogs(opts?: LogOpts, signal?: AbortSignal): AsyncGenerator<LogInfo, void, undefined> {
    return logs.getLogs(this, opts, signal);
  }
  /** One sample of the scanner's realtime metrics (cycle counter, completed cycles, ILM operations). */
  scannerMetrics(signal?: AbortSignal): Promise<ScannerMetrics> {
    return metrics.scannerMetrics(this, signal);
  }

  // KMS (calls/kms.ts)
  kmsStatus(signal?: AbortSignal): Promise<KMSStatus> {
    return kms.kmsStatus(this, signal);
  }

  kmsListKeys(pattern = '*', signal?: AbortSignal): Promise<KMSKeyInfo[]> {
    return kms.kmsListKeys(this, pattern, signal);
  }

  kmsCreateKey(keyId: string): Promise<void> {
    return kms.kmsCreateKey(this, keyId);
  }

  kmsKeyStatus(keyId: string, signal?: AbortSignal): Promise<KMSKeyStatus> {
    return kms.kmsKeyStatus(this, keyId, signal);
  }
}
