// SPDX-License-Identifier: Apache-2.0
import EditOutlined from '@mui/icons-material/EditOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { Alert, Box, Button, Card, Skeleton, TextField, Typography } from '@mui/material';
import type { RgwIndexCheck } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatCount } from '@/shared/format/format-number';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCheckRgwBucketIndex, useRgwBucketStats, useSetRgwBucketOwner } from '../api/rgw-bucket-admin';

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
  onClose,
}: {
  bucket: string;
  owner: string;
  onClose: () => void;
}): ReactElement {
  const [uid, setUid] = useState(owner);
  const set = useSetRgwBucketOwner(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const save = (): void => {
    if (uid.trim() === '' || uid.trim() === owner) return;
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
      submitDisabled={uid.trim() === '' || uid.trim() === owner}
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

/**
 * The bucket's RGW settings on the summary (issue 36, with the `rgw-admin` capability): its owner, with
 * Change Owner (Admin Ops bucket link), and the bucket index check.
 */
export function RgwBucketSections({ bucket }: { bucket: string }): ReactElement {
  const stats = useRgwBucketStats(bucket, true);
  const [modal, setModal] = useState<'owner' | 'index' | null>(null);
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
      <Box>
        <Button
          size="small"
          startIcon={<FactCheckOutlined fontSize="small" />}
          onClick={() => setModal('index')}
        >
          Check Index
        </Button>
      </Box>
      {modal === 'owner' && stats.data && (
        <OwnerDialog bucket={bucket} owner={stats.data.owner} onClose={() => setModal(null)} />
      )}
      {modal === 'index' && <IndexCheckDialog bucket={bucket} onClose={() => setModal(null)} />}
    </Card>
  );
}
