// SPDX-License-Identifier: Apache-2.0
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Button, Divider, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { ObjectItem } from '@stowage/contracts';
import { type ReactElement, type ReactNode, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatDateTime } from '@/shared/format/format-date';
import { TagChips } from '@/shared/tags/tag-chips';
import { useSetObjectTags } from '../api/set-object-tags';
import { restoreText } from '../lib/restore-text';
import { LegalHoldDialog } from './object-legal-hold-dialog';
import { MetadataTable } from './object-metadata-table';
import { RetentionDialog } from './object-retention-dialog';
import { RestoreObjectDialog } from './restore-object-dialog';

function Field({
  label,
  children,
  action,
}: {
  label: string;
  children: ReactNode;
  action?: ReactNode;
}): ReactElement {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: '160px 1fr',
        columnGap: 2,
        alignItems: 'center',
        minHeight: 36,
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {children}
        </Box>
        {action}
      </Box>
    </Box>
  );
}

function EditButton({ label, onClick }: { label: string; onClick: () => void }): ReactElement {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        <EditOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function retentionText(o: ObjectItem): string {
  if (o.retention_mode === undefined) return 'Undefined';
  const mode = o.retention_mode === 'GOVERNANCE' ? 'Governance' : 'Compliance';
  return o.retention_until_date ? `${mode} until ${formatDateTime(o.retention_until_date)}` : mode;
}

/**
 * The Details tab (spec 1 §2.6): the object's properties, Legal Hold (Off/On, or 'Disabled' when the bucket
 * cannot hold objects), Retention (mode or Undefined), Tags and the Object Metadata table. `editable` is
 * false in rewind and for a delete marker; `lockable` says whether the bucket has object locking.
 */
export function ObjectDetailsPanel({
  bucket,
  object,
  lockable,
  editable,
  extrasKnown,
}: {
  bucket: string;
  object: ObjectItem;
  lockable: boolean;
  editable: boolean;
  /** False when the shown version is not the current one: its tags, retention and metadata are not loaded. */
  extrasKnown: boolean;
}): ReactElement {
  const [dialog, setDialog] = useState<'legal-hold' | 'retention' | 'restore' | undefined>();
  const onTier = object.storage_class !== undefined && object.storage_class !== 'STANDARD';
  const target = { name: object.name, version_id: object.version_id };
  const setTags = useSetObjectTags(bucket, target);
  // A delete marker has none of these; a past version has them, but only the current one's are loaded.
  const notLoaded = object.is_delete_marker ? '-' : 'Not available for this version';
  return (
    <Box>
      <Box component="dl" sx={{ m: 0 }} aria-label="Object properties">
        <Field label="Name">{object.name}</Field>
        <Field label="Size">
          {object.size === undefined
            ? '-'
            : `${formatBytes(object.size)} (${object.size.toLocaleString('en-US')} bytes)`}
        </Field>
        <Field label="Last Modified">{formatDateTime(object.last_modified)}</Field>
        <Field label="ETag">
          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
            {object.etag ?? '-'}
          </Box>
        </Field>
        <Field label="Content Type">{object.content_type ?? '-'}</Field>
        <Field label="Encryption">
          {object.encryption
            ? `${object.encryption.type}${object.encryption.kms_key_id ? ` (key ${object.encryption.kms_key_id})` : ''}${object.encryption.type === 'SSE-C' ? ' (customer-provided key)' : ''}`
            : 'None'}
        </Field>
        <Field label="Version ID">
          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
            {object.version_id ?? '-'}
          </Box>
        </Field>
        {object.replication_status !== undefined && (
          <Field label="Replication Status">{object.replication_status}</Field>
        )}
        {extrasKnown && !object.is_delete_marker && (
          <Field
            label="Storage Class"
            action={
              onTier && editable ? (
                <Button size="small" variant="outlined" onClick={() => setDialog('restore')}>
                  Restore
                </Button>
              ) : undefined
            }
          >
            {object.storage_class ?? 'STANDARD'}
            {onTier ? ` (remote tier)${object.restore ? `, ${restoreText(object.restore)}` : ''}` : ''}
          </Field>
        )}
        <Field
          label="Legal Hold"
          action={
            lockable && editable && extrasKnown ? (
              <EditButton label="Edit Legal Hold" onClick={() => setDialog('legal-hold')} />
            ) : undefined
          }
        >
          {!lockable
            ? 'Disabled'
            : !extrasKnown
              ? notLoaded
              : object.legal_hold_status === 'ON'
                ? 'On'
                : 'Off'}
        </Field>
        <Field
          label="Retention"
          action={
            lockable && editable && extrasKnown ? (
              <EditButton label="Edit Retention" onClick={() => setDialog('retention')} />
            ) : undefined
          }
        >
          {extrasKnown ? retentionText(object) : notLoaded}
        </Field>
      </Box>
      <Divider sx={{ my: 2 }} />
      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Tags
        </Typography>
        {extrasKnown ? (
          <TagChips tags={object.tags ?? {}} readOnly={!editable} set={setTags} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {notLoaded}
          </Typography>
        )}
      </Stack>
      <Divider sx={{ my: 2 }} />
      <Stack spacing={1}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Object Metadata
        </Typography>
        {extrasKnown ? (
          <MetadataTable metadata={object.user_metadata} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {notLoaded}
          </Typography>
        )}
      </Stack>
      {dialog === 'legal-hold' && (
        <LegalHoldDialog bucket={bucket} object={object} onClose={() => setDialog(undefined)} />
      )}
      {dialog === 'retention' && (
        <RetentionDialog bucket={bucket} object={object} onClose={() => setDialog(undefined)} />
      )}
      {dialog === 'restore' && (
        <RestoreObjectDialog bucket={bucket} object={object} onClose={() => setDialog(undefined)} />
      )}
    </Box>
  );
}
