// SPDX-License-Identifier: Apache-2.0
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { Alert, Box } from '@mui/material';
import type { SessionManagementApi } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { useBuckets } from '@/shared/buckets/list-buckets';
import { formatCount } from '@/shared/format/format-number';
import { useHasCapability } from '@/shared/session/capabilities';
import { useSession } from '@/shared/session/get-session';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { RgwCapacityCards, RgwUsagePanel } from './rgw-usage-panel';
import { SummaryCard } from './summary-card';

/** A management API the session met at sign-in: what it enables here, or why this user lacks it. */
function ManagementApiAlert({ api }: { api: SessionManagementApi }): ReactElement {
  return api.available ? (
    <Alert severity="success" sx={{ mb: 2 }} aria-label={api.name}>
      {api.name}: {api.features.join(', ')}.
    </Alert>
  ) : (
    <Alert severity="info" sx={{ mb: 2 }} aria-label={api.name}>
      {api.name} are not available: {api.reason ?? 'the server refused them'}. Without them:{' '}
      {api.features.join(', ')}.
    </Alert>
  );
}

/**
 * The dashboard on a server without MinIO's admin API (issue 24): servers and drives come from that API, so
 * it says so and shows what S3 alone tells — the number of buckets (ListBuckets). On Ceph RGW it says what
 * RGW's Admin Ops enable for this user (or why they are absent) and, with them, the space the buckets use
 * and the usage by user (issue 36).
 */
export function PlainS3Dashboard(): ReactElement {
  const buckets = useBuckets();
  const apis = useSession().data?.managementApis ?? [];
  const rgwAdmin = useHasCapability('rgw-admin');
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        This server does not provide MinIO&apos;s admin API: {rgwAdmin ? '' : 'usage, '}servers and drives are
        not reported here. Read them with the server&apos;s own tools.
      </Alert>
      {apis.map((api) => (
        <ManagementApiAlert key={api.name} api={api} />
      ))}
      <Box sx={{ mt: 3 }}>
        {buckets.isPending ? (
          <LoadingMessage />
        ) : buckets.isError ? (
          <QueryErrorAlert error={buckets.error} onRetry={() => void buckets.refetch()} />
        ) : rgwAdmin ? (
          <RgwCapacityCards listedBuckets={buckets.data.total} />
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
      {rgwAdmin && <RgwUsagePanel />}
    </Box>
  );
}
