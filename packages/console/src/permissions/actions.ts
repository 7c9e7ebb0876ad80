// SPDX-License-Identifier: Apache-2.0
/**
 * The actions the console asks about, so that "what may this identity do console-wide" can be answered
 * by evaluating each one, the way MinIO's console does (PROTOCOL-NOTES §5: `console-ui` = the actions the
 * policy allows for bucket ""). Names follow minio/pkg iam/policy (s3:, admin:, kms:).
 */
export const s3Actions: readonly string[] = [
  's3:AbortMultipartUpload',
  's3:BypassGovernanceRetention',
  's3:CreateBucket',
  's3:DeleteBucket',
  's3:DeleteBucketPolicy',
  's3:DeleteObject',
  's3:DeleteObjectTagging',
  's3:DeleteObjectVersion',
  's3:DeleteObjectVersionTagging',
  's3:ForceDeleteBucket',
  's3:GetBucketLocation',
  's3:GetBucketNotification',
  's3:GetBucketObjectLockConfiguration',
  's3:GetBucketPolicy',
  's3:GetBucketPolicyStatus',
  's3:GetBucketTagging',
  's3:GetBucketVersioning',
  's3:GetEncryptionConfiguration',
  's3:GetLifecycleConfiguration',
  's3:GetObject',
  's3:GetObjectAttributes',
  's3:GetObjectLegalHold',
  's3:GetObjectRetention',
  's3:GetObjectTagging',
  's3:GetObjectVersion',
  's3:GetObjectVersionForReplication',
  's3:GetObjectVersionTagging',
  's3:GetReplicationConfiguration',
  's3:HeadBucket',
  's3:ListAllMyBuckets',
  's3:ListBucket',
  's3:ListBucketMultipartUploads',
  's3:ListBucketVersions',
  's3:ListMultipartUploadParts',
  's3:ListenBucketNotification',
  's3:ListenNotification',
  's3:PutBucketNotification',
  's3:PutBucketObjectLockConfiguration',
  's3:PutBucketPolicy',
  's3:PutBucketTagging',
  's3:PutBucketVersioning',
  's3:PutEncryptionConfiguration',
  's3:PutLifecycleConfiguration',
  's3:PutObject',
  's3:PutObjectLegalHold',
  's3:PutObjectRetention',
  's3:PutObjectTagging',
  's3:PutObjectVersionTagging',
  's3:PutReplicationConfiguration',
  's3:ReplicateDelete',
  's3:ReplicateObject',
  's3:ReplicateTags',
  's3:ResetBucketReplicationState',
  's3:RestoreObject',
];

export const adminActions: readonly string[] = [
  'admin:AddUserToGroup',
  'admin:AttachUserOrGroupPolicy',
  'admin:BandwidthMonitor',
  'admin:ConfigUpdate',
  'admin:ConsoleLog',
  'admin:CreatePolicy',
  'admin:CreateServiceAccount',
  'admin:CreateUser',
  'admin:DataUsageInfo',
  'admin:DeletePolicy',
  'admin:DeleteUser',
  'admin:DisableGroup',
  'admin:DisableUser',
  'admin:EnableGroup',
  'admin:EnableUser',
  'admin:ExportBucketMetadata',
  'admin:ExportIAM',
  'admin:ForceUnlock',
  'admin:GetBucketQuota',
  'admin:GetBucketTarget',
  'admin:GetGroup',
  'admin:GetPolicy',
  'admin:GetUser',
  'admin:Heal',
  'admin:ImportBucketMetadata',
  'admin:ImportIAM',
  'admin:InspectData',
  'admin:KMSCreateKey',
  'admin:KMSKeyStatus',
  'admin:ListGroups',
  'admin:ListServiceAccounts',
  'admin:ListTemporaryAccounts',
  'admin:ListTier',
  'admin:ListUserPolicies',
  'admin:ListUsers',
  'admin:OBDInfo',
  'admin:Profiling',
  'admin:Prometheus',
  'admin:Rebalance',
  'admin:RemoveServiceAccount',
  'admin:RemoveUserFromGroup',
  'admin:ReplicationDiff',
  'admin:ServerInfo',
  'admin:ServerTrace',
  'admin:ServerUpdate',
  'admin:ServiceFreeze',
  'admin:ServiceRestart',
  'admin:ServiceStop',
  'admin:SetBucketQuota',
  'admin:SetBucketTarget',
  'admin:SetTier',
  'admin:SiteReplicationAdd',
  'admin:SiteReplicationDisable',
  'admin:SiteReplicationInfo',
  'admin:SiteReplicationOperation',
  'admin:SiteReplicationRemove',
  'admin:SiteReplicationResync',
  'admin:StorageInfo',
  'admin:TopLocksInfo',
  'admin:UpdateServiceAccount',
];

export const kmsActions: readonly string[] = [
  'kms:API',
  'kms:CreateKey',
  'kms:DeleteKey',
  'kms:ImportKey',
  'kms:KeyStatus',
  'kms:ListKeys',
  'kms:Metrics',
  'kms:Status',
  'kms:Version',
];

export const knownActions: readonly string[] = [...s3Actions, ...adminActions, ...kmsActions];

/**
 * Allowed unless explicitly denied: MinIO lets every user change their own password and create their own
 * access keys, so only a Deny takes these away (PROTOCOL-NOTES §5).
 */
export const denyOnlyActions: ReadonlySet<string> = new Set([
  'admin:CreateUser',
  'admin:CreateServiceAccount',
]);

/** Actions that name an object rather than a bucket (their resource is `bucket/key`). */
export function isObjectAction(action: string): boolean {
  return (
    /^s3:(Get|Put|Delete)Object/.test(action) ||
    action === 's3:AbortMultipartUpload' ||
    action === 's3:ListMultipartUploadParts' ||
    action === 's3:BypassGovernanceRetention' ||
    action === 's3:RestoreObject' ||
    /^s3:Replicate(Object|Delete|Tags)$/.test(action)
  );
}
