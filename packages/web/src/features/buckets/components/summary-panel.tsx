// SPDX-License-Identifier: Apache-2.0
import { Alert, Box, Skeleton } from '@mui/material';
import type { BucketInfo } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { useBucketObjectLocking, useBucketVersioning } from '@/shared/buckets/bucket-settings';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatCount } from '@/shared/format/format-number';
import { useHasCapability } from '@/shared/session/capabilities';
import { useBucketEncryption } from '../api/get-bucket-encryption';
import { useBucketQuota } from '../api/get-bucket-quota';
import { useBucketRetention } from '../api/get-bucket-retention';
import { absentSettings, type BucketFeatures } from '../lib/bucket-features';
import { capitalize } from '../lib/capitalize';
import { AccessControlsSection } from './access-controls-section';
import { BucketTagsSection } from './bucket-tags-section';
import { ChangeAccessPolicyDialog } from './change-access-policy-dialog';
import { CorsSection } from './cors-section';
import { EditVersioningDialog } from './edit-versioning-dialog';
import { EnableEncryptionDialog } from './enable-encryption-dialog';
import { EnableQuotaDialog } from './enable-quota-dialog';
import { ReplicationSummary } from './replication-panel';
import { RgwBucketSections } from './rgw-bucket-sections';
import { SetRetentionDialog } from './set-retention-dialog';
import { EditButton, Section, StateChip } from './setting-section';

type Modal = 'access' | 'retention' | 'versioning' | 'quota' | 'encryption' | null;

const loading = <Skeleton width={120} />;

/**
 * Summary tab (spec 1 §2.5): access policy, object locking, encryption, reported usage, versioning, quota and
 * retention, with the Change Access Policy, Edit Versioning, Enable Bucket Quota and Set Retention
 * Configuration modals. Only the settings the server has are shown (`bucketFeatures`: on MinIO versioning,
 * quota, locking and retention need distributed mode, §6); every modal reloads the bucket's data when it saves.
 */
export function SummaryPanel({
  bucket,
  info,
  features,
}: {
  bucket: string;
  info: BucketInfo;
  /** The settings this server has (issue 24): the others are not shown. */
  features: BucketFeatures;
}): ReactElement {
  const [modal, setModal] = useState<Modal>(null);
  const rgwAdmin = useHasCapability('rgw-admin');
  const versioning = useBucketVersioning(bucket, features.versioning);
  const locking = useBucketObjectLocking(bucket, features.objectLocking);
  const quota = useBucketQuota(bucket, features.quota);
  const retention = useBucketRetention(bucket, features.retention);
  const encryption = useBucketEncryption(bucket, features.encryption);
  const locked = locking.data?.object_locking_enabled === true;
  const versioned = versioning.data?.is_versioned === true;
  const close = (): void => setModal(null);

  return (
    <Box>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' } }}
      >
        <Section
          title="Access Policy"
          label="Access Policy value"
          value={capitalize(info.access)}
          detail={
            info.access === 'PUBLIC'
              ? 'Anyone can read and write objects without credentials.'
              : info.access === 'CUSTOM'
                ? 'A custom bucket policy or access rules apply.'
                : 'Only users whose policies allow it.'
          }
          action={<EditButton label="Change Access Policy" onClick={() => setModal('access')} />}
        />
        {features.usage && (
          <Section
            title="Reported Usage"
            label="Reported Usage value"
            value={info.size === undefined ? '-' : formatBytes(info.size)}
            detail={
              info.objects === undefined
                ? undefined
                : `${formatCount(info.objects)} ${info.objects === 1 ? 'object' : 'objects'}`
            }
          />
        )}
        {rgwAdmin && <RgwBucketSections bucket={bucket} />}
        {features.encryption && (
          <Section
            title="Encryption"
            label="Encryption value"
            value={
              encryption.isPending
                ? loading
                : encryption.isError
                  ? '-'
                  : { disabled: 'Disabled', 'sse-s3': 'SSE-S3', 'sse-kms': 'SSE-KMS' }[encryption.data.status]
            }
            detail={
              encryption.data?.kmsMasterKeyID
                ? `KMS key: ${encryption.data.kmsMasterKeyID}`
                : encryption.data?.status === 'sse-s3'
                  ? 'New objects are encrypted with server-managed keys.'
                  : 'New objects are stored as uploaded.'
            }
            action={
              <EditButton
                label="Enable Bucket Encryption"
                onClick={() => setModal('encryption')}
                disabled={encryption.isPending || encryption.isError}
              />
            }
          />
        )}
        {features.versioning && (
          <Section
            title="Versioning"
            label="Versioning value"
            value={
              versioning.isPending ? (
                loading
              ) : (
                <StateChip
                  on={versioned}
                  offLabel={versioning.data?.status === 'Suspended' ? 'Suspended' : 'Unversioned'}
                />
              )
            }
            detail={locked ? 'Object locking keeps versioning on.' : undefined}
            action={
              <EditButton
                label="Edit Versioning"
                onClick={() => setModal('versioning')}
                disabled={versioning.isPending || (locked && versioned)}
              />
            }
          />
        )}
        {features.replication && (
          <Section
            title="Replication"
            label="Replication value"
            value={<StateChip on={info.replication === true} />}
            detail={<ReplicationSummary bucket={bucket} />}
          />
        )}
        {features.objectLocking && (
          <Section
            title="Object Locking"
            label="Object Locking value"
            value={locking.isPending ? loading : <StateChip on={locked} />}
            detail="Object locking can only be enabled when a bucket is created."
          />
        )}
        {features.quota && (
          <Section
            title="Quota"
            label="Quota value"
            value={
              quota.isPending ? (
                loading
              ) : quota.data && quota.data.quota > 0 ? (
                formatBytes(quota.data.quota)
              ) : (
                <StateChip on={false} />
              )
            }
            detail={
              quota.data && quota.data.quota > 0
                ? `Type: ${capitalize(quota.data.type || 'hard')}`
                : undefined
            }
            action={
              <EditButton
                label="Enable Bucket Quota"
                onClick={() => setModal('quota')}
                disabled={quota.isPending}
              />
            }
          />
        )}
        {features.cors && <CorsSection bucket={bucket} />}
        {features.tagging && <BucketTagsSection bucket={bucket} />}
        {features.retention && locked && (
          <Section
            title="Retention"
            label="Retention value"
            value={
              retention.isPending ? (
                loading
              ) : retention.data?.enabled ? (
                `${capitalize(retention.data.mode ?? '')}`
              ) : (
                <StateChip on={false} />
              )
            }
            detail={
              retention.data?.enabled
                ? `Validity: ${retention.data.validity} ${retention.data.unit === 'years' ? 'years' : 'days'}`
                : 'New objects get no default retention.'
            }
            action={
              <EditButton
                label="Set Retention Configuration"
                onClick={() => setModal('retention')}
                disabled={retention.isPending}
              />
            }
          />
        )}
      </Box>
      <AccessControlsSection bucket={bucket} features={features} />
      {absentSettings(features).length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          This server does not provide {absentSettings(features).join(', ')}: those settings are not shown.
        </Alert>
      )}
      {modal === 'access' && (
        <ChangeAccessPolicyDialog
          bucket={bucket}
          access={info.access}
          definition={info.definition}
          open
          onClose={close}
        />
      )}
      {modal === 'retention' && (
        <SetRetentionDialog
          bucket={bucket}
          current={retention.data?.enabled ? retention.data : undefined}
          open
          onClose={close}
        />
      )}
      {modal === 'versioning' && (
        <EditVersioningDialog bucket={bucket} enable={!versioned} open onClose={close} />
      )}
      {modal === 'quota' && <EnableQuotaDialog bucket={bucket} current={quota.data} open onClose={close} />}
      {modal === 'encryption' && (
        <EnableEncryptionDialog bucket={bucket} current={encryption.data} open onClose={close} />
      )}
    </Box>
  );
}
