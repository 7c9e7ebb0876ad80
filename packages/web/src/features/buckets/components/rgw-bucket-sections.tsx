// SPDX-License-Identifier: Apache-2.0
import EditOutlined from '@mui/icons-material/EditOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { Alert, Box, Button, Card, Skeleton, TextField, Typography } from '@mui/material';
import type { RgwIndexCheck } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatCount } from '@/shared/format/format-number';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import {
  useCheckRgwBucketIndex,
  useRgwBucketStats,
  useSetRgwBucketOwner,
  useUnlinkRgwBucket,
} from '../api/rgw-bucket-admin';

const objects = (n: number): string => `${formatCount(n)} ${n === 1 ? 'object' : 'objects'}`;

function IndexCheckDialog({ bucket, onClose }: { bucket: string; onClose: () => void }): ReactElement {
  const check = useCheckRgwBucketIndex(bucket);
  const [result, setResult] = useState<RgwIndexCheck | null>(null);
  const { showModalError } = useSnackbar();
  const run = (fix: boolean): void => check.mutate(fix, { onSuccess: setResult, onError: showModalError });
  return (
    <FormDialog
      open
      title="Check Bucket Index"
      onClose={onClose}
      busy={check.isPending}
      actions={
        <>
          <Button onClick={onClose}>Close</Button>
          {result && !result.consistent && (
            <Button color="warning" onClick={() => run(true)} disabled={check.isPending}>
              Fix Index
            </Button>
          )}
          <Button variant="contained" onClick={() => run(false)} disabled={check.isPending}>
            Check
          </Button>
        </>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        RGW compares the size and object count its bucket index keeps with the entries it holds. Fix Index
        rewrites the kept figures with the counted ones.
      </Typography>
      {result && (
        <Alert severity={result.consistent ? 'success' : 'warning'} role="status">
          {result.consistent
            ? `The index is consistent: ${formatBytes(result.counted.sizeBytes)}, ${objects(result.counted.objects)}.`
            : `The index keeps ${formatBytes(result.header.sizeBytes)}, ${objects(result.header.objects)}; it counts ${formatBytes(result.counted.sizeBytes)}, ${objects(result.counted.objects)}${result.invalidMultipartEntries.length > 0 ? `; ${result.invalidMultipartEntries.length} invalid multipart entries` : ''}.`}
          {result.fixed ? ' Fixed.' : ''}
        </Alert>
      )}
    </FormDialog>
  );
}

function OwnerDialog({
  bucket,
  owner,
  linked,
  onClose,
}: {
  bucket: string;
  owner: string;
  /** Whether the bucket is on its owner's list: an unlinked bucket may be linked to its owner again. */
  linked: boolean;
  onClose: () => void;
}): ReactElement {
  const [uid, setUid] = useState(owner);
  const set = useSetRgwBucketOwner(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const unchanged = uid.trim() === '' || (uid.trim() === owner && linked);
  const save = (): void => {
    if (unchanged) return;
    set.mutate(uid.trim(), {
      onSuccess: (stats) => {
        showMessage(`Bucket ${bucket} now belongs to ${stats.owner}.`);
        onClose();
      },
      onError: showModalError,
    });
  };
  return (
    <FormDialog
      open
      title="Change Bucket Owner"
      onClose={onClose}
      onSubmit={save}
      busy={set.isPending}
      submitLabel="Save"
      submitDisabled={unchanged}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        RGW links the bucket to this user and unlinks it from {owner}; the user's quota then counts it, and S3
        access to it follows its new owner (you may no longer read it yourself).
      </Typography>
      <TextField
        label="Owner (RGW user ID)"
        value={uid}
        onChange={(e) => setUid(e.target.value)}
        fullWidth
        autoFocus
      />
    </FormDialog>
  );
}

function UnlinkDialog({
  bucket,
  owner,
  onClose,
}: {
  bucket: string;
  owner: string;
  onClose: () => void;
}): ReactElement {
  const unlink = useUnlinkRgwBucket(bucket);
  const { showMessage, showModalError } = useSnackbar();
  return (
    <ConfirmDialog
      open
      title="Unlink Bucket"
      confirmLabel="Unlink"
      busy={unlink.isPending}
      onClose={onClose}
      onConfirm={() =>
        unlink.mutate(undefined, {
          onSuccess: () => {
            showMessage(`Bucket ${bucket} unlinked from ${owner}.`);
            onClose();
          },
          onError: showModalError,
        })
      }
    >
      Unlink <strong>{bucket}</strong> from {owner}? RGW takes it off {owner}&apos;s bucket list (it no longer
      appears in their ListBuckets, nor counts against their bucket limit); the bucket and its objects stay,
      and Change Owner links it to a user again.
    </ConfirmDialog>
  );
}

/**
 * The bucket's RGW settings on the summary (issue 36, with the `rgw-admin` capability): its owner, with
 * Change Owner (Admin Ops bucket link) and Unlink, and the bucket index check.
 */
export function RgwBucketSections({ bucket }: { bucket: string }): ReactElement {
  const stats = useRgwBucketStats(bucket, true);
  const [modal, setModal] = useState<'owner' | 'unlink' | 'index' | null>(null);
  const linked = stats.data?.linked !== false;
  return (
    <Card
      component="section"
      aria-label="RGW Owner"
      sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography
          component="h2"
          color="text.secondary"
          sx={{ flex: 1, fontSize: 12, fontWeight: 700, letterSpacing: '0.06em', textTransform: 'uppercase' }}
        >
          RGW Owner
        </Typography>
        <Button
          size="small"
          startIcon={<EditOutlined fontSize="small" />}
          aria-label="Change Bucket Owner"
          disabled={!stats.data}
          onClick={() => setModal('owner')}
        >
          Edit
        </Button>
      </Box>
      <Box aria-label="RGW Owner value" sx={{ fontSize: 20, fontWeight: 700 }}>
        {stats.isPending ? <Skeleton width={120} /> : (stats.data?.owner ?? '-')}
      </Box>
      {stats.data && (
        <Typography variant="body2" color="text.secondary" aria-label="RGW Owner link">
          {linked
            ? `On ${stats.data.owner}'s bucket list`
            : `Unlinked: not on ${stats.data.owner}'s bucket list`}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          startIcon={<FactCheckOutlined fontSize="small" />}
          onClick={() => setModal('index')}
        >
          Check Index
        </Button>
        <Button
          size="small"
          color="warning"
          startIcon={<LinkOffOutlined fontSize="small" />}
          disabled={!stats.data || !linked}
          onClick={() => setModal('unlink')}
        >
          Unlink
        </Button>
      </Box>
      {modal === 'owner' && stats.data && (
        <OwnerDialog
          bucket={bucket}
          owner={stats.data.owner}
          linked={linked}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'unlink' && stats.data && (
        <UnlinkDialog bucket={bucket} owner={stats.data.owner} onClose={() => setModal(null)} />
      )}
      {modal === 'index' && <IndexCheckDialog bucket={bucket} onClose={() => setModal(null)} />}
    </Card>
  );
}
