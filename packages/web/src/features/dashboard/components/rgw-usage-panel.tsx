// SPDX-License-Identifier: Apache-2.0
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import SdStorageOutlined from '@mui/icons-material/SdStorageOutlined';
import TopicOutlined from '@mui/icons-material/TopicOutlined';
import { Box, Button, Card, Stack, TableCell, TextField, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatCount } from '@/shared/format/format-number';
import { ListTable } from '@/shared/ui/list-page';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useRgwCapacity, useRgwUsage } from '../api/get-rgw-usage';
import { defaultUsageDays, usageRange, usageRows } from '../lib/rgw-usage-range';
import { SummaryCard } from './summary-card';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
} as const;

/**
 * What Ceph RGW reports of the space its buckets use (issue 36): the objects' bytes, the bytes they take,
 * objects, buckets and their owners, next to the bucket count ListBuckets gives this user.
 */
export function RgwCapacityCards({ listedBuckets }: { listedBuckets: number }): ReactElement {
  const capacity = useRgwCapacity();
  if (capacity.isPending) return <LoadingMessage />;
  if (capacity.isError)
    return <QueryErrorAlert error={capacity.error} onRetry={() => void capacity.refetch()} />;
  const c = capacity.data;
  return (
    <Box>
      <Box sx={grid}>
        <SummaryCard
          label="All Buckets"
          value={formatCount(c.buckets)}
          icon={<Inventory2Outlined />}
          detail={`${formatCount(listedBuckets)} on your list`}
        />
        <SummaryCard
          label="Usage"
          value={formatBytes(c.sizeBytes)}
          icon={<SdStorageOutlined />}
          detail={`${formatBytes(c.sizeActualBytes)} allocated`}
        />
        <SummaryCard label="Total Objects" value={formatCount(c.objects)} icon={<TopicOutlined />} />
        <SummaryCard label="Bucket Owners" value={formatCount(c.owners)} icon={<PeopleOutlined />} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        The space RGW&apos;s buckets use, from their stats. RGW does not report the cluster&apos;s raw
        capacity: read it with <code>ceph df</code>.
      </Typography>
    </Box>
  );
}

/** A `type="date"` field (UTC days), its helper line kept so the bar does not jump. */
function DayField(props: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  error?: string | undefined;
}): ReactElement {
  return (
    <TextField
      label={props.label}
      type="date"
      size="small"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error !== undefined}
      helperText={props.error ?? 'UTC'}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/**
 * Per-user usage from RGW's usage log (Admin Ops `usage`) between two days: operations and bytes sent and
 * received, per category and in total.
 */
export function RgwUsagePanel(): ReactElement {
  const [days, setDays] = useState(() => defaultUsageDays(new Date()));
  const picked = usageRange(days.from, days.to);
  const usage = useRgwUsage('range' in picked ? picked.range : null);
  const rows = usage.data ? usageRows(usage.data) : [];
  return (
    <Card component="section" aria-label="RGW Usage" sx={{ p: 2.5, mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Usage by User
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 1, alignItems: { sm: 'flex-start' } }}
      >
        <DayField label="From" value={days.from} onChange={(from) => setDays({ ...days, from })} />
        <DayField
          label="To"
          value={days.to}
          onChange={(to) => setDays({ ...days, to })}
          error={'error' in picked ? picked.error : undefined}
        />
        <Button
          startIcon={<RefreshOutlined />}
          onClick={() => void usage.refetch()}
          disabled={!('range' in picked) || usage.isFetching}
        >
          Refresh
        </Button>
      </Stack>
      {'error' in picked ? null : usage.isPending ? (
        <LoadingMessage />
      ) : usage.isError ? (
        <QueryErrorAlert error={usage.error} onRetry={() => void usage.refetch()} />
      ) : (
        <ListTable
          label="Usage by User"
          columns={[
            { header: 'User' },
            { header: 'Category' },
            { header: 'Operations', align: 'right' },
            { header: 'Successful', align: 'right' },
            { header: 'Bytes Sent', align: 'right' },
            { header: 'Bytes Received', align: 'right' },
          ]}
          rows={rows}
          rowKey={(r) => r.key}
          noRows={
            <Typography color="text.secondary">
              No usage logged in this range. RGW logs usage only with <code>rgw_enable_usage_log = true</code>
              .
            </Typography>
          }
          cells={(r) => {
            const sx = r.total ? { fontWeight: 700 } : undefined;
            return (
              <>
                <TableCell sx={sx}>{r.uid}</TableCell>
                <TableCell sx={sx}>{r.category}</TableCell>
                <TableCell align="right" sx={sx}>
                  {formatCount(r.ops)}
                </TableCell>
                <TableCell align="right" sx={sx}>
                  {formatCount(r.successfulOps)}
                </TableCell>
                <TableCell align="right" sx={sx}>
                  {formatBytes(r.bytesSent)}
                </TableCell>
                <TableCell align="right" sx={sx}>
                  {formatBytes(r.bytesReceived)}
                </TableCell>
              </>
            );
          }}
        />
      )}
    </Card>
  );
}
