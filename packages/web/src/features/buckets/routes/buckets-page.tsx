// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import { Box, Button, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { type ReactElement, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useBuckets } from '@/shared/buckets/list-buckets';
import { formatCount } from '@/shared/format/format-number';
import { useSession } from '@/shared/session/get-session';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { usePermissions } from '../api/check-permissions';
import { BucketList } from '../components/bucket-list';
import { CreateBucketDialog } from '../components/create-bucket-dialog';
import { MultipleReplicationDialog } from '../components/multiple-replication-dialog';
import { bucketFeatures } from '../lib/bucket-features';

const createBucketCheck = [{ id: 'create-bucket', action: 's3:CreateBucket', bucket_name: '' }];

/**
 * /buckets (spec 1 §2.4): search by name, Create Bucket when s3:CreateBucket is allowed, Bulk Select with
 * checkboxes, Set Replication (disabled until a bucket is selected) and one card per bucket, virtualized so
 * thousands of buckets scroll smoothly.
 */
export function BucketsPage(): ReactElement {
  const buckets = useBuckets();
  const session = useSession();
  const permissions = usePermissions(createBucketCheck);
  const canCreate = permissions.data?.['create-bucket'] === true;
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [bulk, setBulk] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [replicating, setReplicating] = useState(false);
  const features = bucketFeatures(session.data?.capabilities, session.data?.distributedMode ?? false);
  // A server without bucket replication (issue 24) is not offered it.
  const replicationOffered = features.replication || features.erasureNotice;

  const all = buckets.data?.buckets;
  const shown = useMemo(() => {
    if (!all) return [];
    const needle = deferredSearch.trim().toLowerCase();
    return needle ? all.filter((b) => b.name.toLowerCase().includes(needle)) : all;
  }, [all, deferredSearch]);

  const toggle = useCallback((name: string) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  }, []);
  const toggleBulk = (): void => {
    setBulk((b) => !b);
    setSelected(new Set());
  };

  const count = all?.length ?? 0;
  const subtitle = all
    ? deferredSearch.trim()
      ? `${formatCount(shown.length)} of ${formatCount(count)} buckets`
      : `${formatCount(count)} ${count === 1 ? 'bucket' : 'buckets'}${bulk ? ` · ${formatCount(selected.size)} selected` : ''}`
    : 'Loading buckets…';
  const createButton = canCreate ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
      Create Bucket
    </Button>
  ) : null;

  return (
    <Box>
      <PageHeader
        title="Buckets"
        subtitle={subtitle}
        actions={
          <>
            <TextField
              size="small"
              placeholder="Search Buckets"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ width: { xs: '100%', sm: 260 }, bgcolor: 'background.paper' }}
              slotProps={{
                htmlInput: { 'aria-label': 'Search Buckets', type: 'search' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchOutlined fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button
              variant={bulk ? 'contained' : 'outlined'}
              color={bulk ? 'secondary' : 'primary'}
              startIcon={<ChecklistOutlined />}
              onClick={toggleBulk}
              aria-pressed={bulk}
            >
              Bulk Select
            </Button>
            {replicationOffered && (
              <Button
                variant="outlined"
                startIcon={<SyncAltOutlined />}
                disabled={selected.size === 0}
                onClick={() => setReplicating(true)}
              >
                Set Replication
              </Button>
            )}
            {createButton}
            <Tooltip title="Refresh">
              <span>
                <IconButton
                  aria-label="Refresh"
                  onClick={() => void buckets.refetch()}
                  disabled={buckets.isFetching}
                >
                  <RefreshOutlined />
                </IconButton>
              </span>
            </Tooltip>
          </>
        }
      />
      {buckets.isPending ? (
        <LoadingMessage />
      ) : buckets.isError ? (
        <QueryErrorAlert error={buckets.error} onRetry={() => void buckets.refetch()} />
      ) : count === 0 ? (
        <EmptyState icon={<Inventory2Outlined />} title="No buckets yet" action={createButton}>
          Buckets hold your objects.{' '}
          {canCreate
            ? 'Create the first one to start uploading.'
            : 'You may not create buckets; ask an administrator for one.'}
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState icon={<SearchOffOutlined />} title="No matching buckets">
          No bucket name contains “{deferredSearch.trim()}”.
        </EmptyState>
      ) : (
        <BucketList buckets={shown} selectable={bulk} selected={selected} onToggle={toggle} />
      )}
      {creating && <CreateBucketDialog open features={features} onClose={() => setCreating(false)} />}
      <MultipleReplicationDialog
        open={replicating}
        buckets={[...selected]}
        onClose={() => setReplicating(false)}
      />
    </Box>
  );
}
