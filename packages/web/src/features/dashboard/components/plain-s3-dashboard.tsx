// SPDX-License-Identifier: Apache-2.0
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { Alert, Box } from '@mui/material';
import type { ReactElement } from 'react';
import { useBuckets } from '@/shared/buckets/list-buckets';
import { formatCount } from '@/shared/format/format-number';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { SummaryCard } from './summary-card';

/**
 * The dashboard on a server without MinIO's admin API (issue 24): usage, servers and drives come from that
 * API, so it says so and shows what S3 alone tells — the number of buckets (ListBuckets).
 */
export function PlainS3Dashboard(): ReactElement {
  const buckets = useBuckets();
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 3 }}>
        This server does not provide MinIO&apos;s admin API: usage, servers and drives are not reported here.
        Read them with the server&apos;s own tools.
      </Alert>
      {buckets.isPending ? (
        <LoadingMessage />
      ) : buckets.isError ? (
        <QueryErrorAlert error={buckets.error} onRetry={() => void buckets.refetch()} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          }}
        >
          <SummaryCard
            label="All Buckets"
            value={formatCount(buckets.data.total)}
            icon={<Inventory2Outlined />}
          />
        </Box>
      )}
    </Box>
  );
}
