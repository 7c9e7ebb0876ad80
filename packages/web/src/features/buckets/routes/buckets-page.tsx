import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Alert, Box, Button, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { type ReactElement, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { formatCount } from '@/shared/format/format-number';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useBuckets } from '../api/list-buckets';
import { BucketList } from '../components/bucket-list';

/**
 * /buckets, first cut (spec 1 §2.4): title, a search box keeping the buckets whose name contains the text,
 * and one card per bucket. Create, bulk select and replication come with the bucket-management issue.
 */
export function BucketsPage(): ReactElement {
  const buckets = useBuckets();
  const { showError } = useSnackbar();

  // Spec 1 §8: failures show in an error snackbar; a failed refresh keeps the list it had.
  useEffect(() => {
    if (buckets.error) showError(buckets.error);
  }, [buckets.error, showError]);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);

  const all = buckets.data?.buckets;
  const shown = useMemo(() => {
    if (!all) return [];
    const needle = deferredSearch.trim().toLowerCase();
    return needle ? all.filter((b) => b.name.toLowerCase().includes(needle)) : all;
  }, [all, deferredSearch]);

  const count = all?.length ?? 0;
  const subtitle = all
    ? deferredSearch.trim()
      ? `${formatCount(shown.length)} of ${formatCount(count)} buckets`
      : `${formatCount(count)} ${count === 1 ? 'bucket' : 'buckets'}`
    : buckets.isPending
      ? 'Loading buckets…'
      : undefined;

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
              sx={{ width: { xs: '100%', sm: 300 }, bgcolor: 'background.paper' }}
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
      ) : buckets.isError && !all ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void buckets.refetch()}>
              Retry
            </Button>
          }
        >
          The buckets could not be loaded: {buckets.error.message}
        </Alert>
      ) : count === 0 ? (
        <EmptyState icon={<Inventory2Outlined />} title="No buckets yet">
          Buckets hold your objects. Create one with any S3 client (for example <code>aws s3 mb</code> or{' '}
          <code>mc mb</code>) and it shows up here.
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState icon={<SearchOffOutlined />} title="No matching buckets">
          No bucket name contains “{deferredSearch.trim()}”.
        </EmptyState>
      ) : (
        <BucketList buckets={shown} detailScreensAvailable={false} />
      )}
    </Box>
  );
}
