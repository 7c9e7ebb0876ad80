// SPDX-License-Identifier: Apache-2.0
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import SdStorageOutlined from '@mui/icons-material/SdStorageOutlined';
import TopicOutlined from '@mui/icons-material/TopicOutlined';
import { Box, IconButton, Pagination, Stack, Tab, Tabs, Tooltip } from '@mui/material';
import { type ReactElement, type ReactNode, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatCount } from '@/shared/format/format-number';
import { useHasCapability } from '@/shared/session/capabilities';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useAdminInfo } from '../api/get-admin-info';
import { PlainS3Dashboard } from '../components/plain-s3-dashboard';
import { DriveCard, ServerCard } from '../components/server-card';
import { SummaryCard } from '../components/summary-card';
import { WidgetDashboard } from '../components/widget-dashboard';
import {
  allDrives,
  countUp,
  dashboardSiblingCount,
  pageCount,
  pageItems,
  sortServers,
} from '../lib/dashboard-rules';

type DashboardTab = 'servers' | 'drives';

/**
 * A list of cards paged 5 at a time, the pager under it once there is more than one page; when there are
 * no items, an empty state saying the server reported none.
 */
function PagedCards<T>({
  items,
  label,
  icon,
  keyOf,
  render,
}: {
  items: readonly T[];
  /** What the items are, plural: the list's name and the empty state's. */
  label: 'Servers' | 'Drives';
  icon: ReactElement;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
}): ReactElement {
  const [page, setPage] = useState(1);
  const pages = pageCount(items.length);
  if (items.length === 0) {
    return (
      <EmptyState icon={icon} title={`No ${label.toLowerCase()} reported`}>
        The storage server answered without a list of {label.toLowerCase()}.
      </EmptyState>
    );
  }
  return (
    <Stack spacing={1.5} role="list" aria-label={label}>
      {pageItems(items, page).map((item) => (
        <Box role="listitem" key={keyOf(item)}>
          {render(item)}
        </Box>
      ))}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          siblingCount={dashboardSiblingCount}
          onChange={(_, p) => setPage(p)}
          sx={{ alignSelf: 'center', pt: 1 }}
          aria-label={`${label} pages`}
        />
      )}
    </Stack>
  );
}

/**
 * /dashboard (spec 2 "Dashboard"): the usage summary of the server the console manages: All Buckets, Usage,
 * Total Objects and Servers, then the servers and their drives on two tabs, 5 per page. When the response
 * carries widgets (the console has a Prometheus server), the widget dashboard instead.
 */
export function DashboardPage(): ReactElement {
  const adminApi = useHasCapability('admin');
  if (!adminApi) {
    return (
      <Box>
        <PageHeader title="Dashboard" subtitle="What this S3 server reports" />
        <PlainS3Dashboard />
      </Box>
    );
  }
  return <AdminDashboard />;
}

/** The dashboard from MinIO's admin API `info`. */
function AdminDashboard(): ReactElement {
  const info = useAdminInfo();
  const [tab, setTab] = useState<DashboardTab>('servers');

  const refresh = (
    <Tooltip title="Refresh">
      <span>
        <IconButton aria-label="Refresh" onClick={() => void info.refetch()} disabled={info.isFetching}>
          <RefreshOutlined />
        </IconButton>
      </span>
    </Tooltip>
  );

  let body: ReactNode;
  if (info.isPending) body = <LoadingMessage />;
  else if (info.isError) body = <QueryErrorAlert error={info.error} onRetry={() => void info.refetch()} />;
  else if (info.data.widgets && info.data.widgets.length > 0)
    body = <WidgetDashboard widgets={info.data.widgets} />;
  else {
    const data = info.data;
    const servers = sortServers(data.servers);
    const drives = allDrives(data.servers);
    const serversUp = countUp(servers, (s) => s.state === 'online');
    const drivesUp = countUp(drives, (d) => d.drive.state === 'ok');
    body = (
      <>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
            mb: 3,
          }}
        >
          <SummaryCard label="All Buckets" value={formatCount(data.buckets)} icon={<Inventory2Outlined />} />
          <SummaryCard label="Usage" value={formatBytes(data.usage)} icon={<SdStorageOutlined />} />
          <SummaryCard label="Total Objects" value={formatCount(data.objects)} icon={<TopicOutlined />} />
          <SummaryCard
            label="Servers"
            value={formatCount(servers.length)}
            icon={<DnsOutlined />}
            detail={`${serversUp.up} online · ${drivesUp.up}/${drivesUp.total} drives online`}
          />
        </Box>
        <Tabs value={tab} onChange={(_, t: DashboardTab) => setTab(t)} sx={{ mb: 2 }}>
          <Tab value="servers" label={`Servers (${servers.length})`} />
          <Tab value="drives" label={`Drives (${drives.length})`} />
        </Tabs>
        {tab === 'servers' ? (
          <PagedCards
            items={servers}
            label="Servers"
            icon={<DnsOutlined />}
            keyOf={(s) => s.endpoint}
            render={(s) => <ServerCard server={s} />}
          />
        ) : (
          <PagedCards
            items={drives}
            label="Drives"
            icon={<SdStorageOutlined />}
            keyOf={(d) => `${d.server} ${d.drive.endpoint}`}
            render={(d) => <DriveCard server={d.server} drive={d.drive} />}
          />
        )}
      </>
    );
  }

  return (
    <Box>
      <PageHeader title="Dashboard" subtitle="Usage and health of the storage server" actions={refresh} />
      {body}
    </Box>
  );
}
