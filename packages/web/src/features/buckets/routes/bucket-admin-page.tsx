// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import GppGoodOutlined from '@mui/icons-material/GppGoodOutlined';
import HistoryToggleOffOutlined from '@mui/icons-material/HistoryToggleOffOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LockPersonOutlined from '@mui/icons-material/LockPersonOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Card,
  Chip,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import { type BucketAdminTab, bucketAdminTabs, links, pagePaths } from '@stowage/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { Navigate, NavLink, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { bucketKeys } from '@/shared/buckets/bucket-keys';
import { useSession } from '@/shared/session/get-session';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { usePermissions } from '../api/check-permissions';
import { useBucketInfo } from '../api/get-bucket-info';
import { AccessAuditPanel } from '../components/access-audit-panel';
import { AccessRulesPanel } from '../components/access-rules-panel';
import { DeleteBucketDialog } from '../components/delete-bucket-dialog';
import { EventsPanel } from '../components/events-panel';
import { LifecyclePanel } from '../components/lifecycle-panel';
import { ReplicationPanel } from '../components/replication-panel';
import { SummaryPanel } from '../components/summary-panel';
import { type BucketFeatures, bucketFeatures } from '../lib/bucket-features';
import { capitalize } from '../lib/capitalize';

interface MenuEntry {
  tab: BucketAdminTab;
  label: string;
  icon: ReactElement;
  /** Why the entry cannot be opened; undefined when it can. */
  unavailable?: string;
}

/**
 * The left menu: entries for what the server has (issue 24, `bucketFeatures`). Replication also needs
 * s3:GetReplicationConfiguration (spec 1 §6).
 */
function menuEntries(features: BucketFeatures, canReadReplication: boolean): MenuEntry[] {
  const entries: MenuEntry[] = [{ tab: 'summary', label: 'Summary', icon: <InfoOutlined /> }];
  if (features.events) {
    entries.push({ tab: 'events', label: 'Events', icon: <EventNoteOutlined /> });
  }
  if (features.replication) {
    entries.push({
      tab: 'replication',
      label: 'Replication',
      icon: <SyncAltOutlined />,
      ...(canReadReplication ? {} : { unavailable: 'You may not read the replication configuration' }),
    });
  }
  if (features.lifecycle) {
    entries.push({
      tab: 'lifecycle',
      label: 'Lifecycle',
      icon: <HistoryToggleOffOutlined />,
    });
  }
  if (features.accessAudit) entries.push({ tab: 'access', label: 'Access Audit', icon: <GppGoodOutlined /> });
  if (features.policy) entries.push({ tab: 'prefix', label: 'Access Rules', icon: <LockPersonOutlined /> });
  return entries;
}

function NotAvailablePanel({ label }: { label: string }): ReactElement {
  return (
    <Alert severity="info">
      {label} is not available in this version yet: it comes with the store's data services.
    </Alert>
  );
}

/** What each tab needs from the server, for the explanation shown when the server lacks it. */
const tabNeeds: Record<BucketAdminTab, string> = {
  summary: '',
  events: 'bucket event notifications',
  replication: "bucket replication and MinIO's admin API (remote targets), on a distributed setup",
  lifecycle: 'lifecycle rules, on a distributed setup',
  access: "MinIO's admin API (which users and policies reach a bucket)",
  prefix: 'bucket policies (access rules are statements of the bucket policy)',
};

/** Each tab's name in the menu, for the heading and the explanation of a tab the server lacks. */
const tabLabels: Record<BucketAdminTab, string> = {
  summary: 'Summary',
  events: 'Events',
  replication: 'Replication',
  lifecycle: 'Lifecycle',
  access: 'Access Audit',
  prefix: 'Access Rules',
};

function AbsentOnServerPanel({ tab }: { tab: BucketAdminTab }): ReactElement {
  return (
    <Alert severity="info">
      {tabLabels[tab]} is not available on this server: it needs {tabNeeds[tab]}, which this server does not
      provide.
    </Alert>
  );
}

/**
 * Bucket admin screen /buckets/{bucket}/admin/{tab} (spec 1 §2.5): breadcrumb to Buckets, Browse Bucket,
 * Delete (confirmation; then /buckets), Refresh, subtitle 'Access: Private', and the left menu.
 */
export function BucketAdminPage(): ReactElement {
  const { bucketName = '', tab = 'summary' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useBucketInfo(bucketName);
  const [deleting, setDeleting] = useState(false);
  const distributed = session.data?.distributedMode ?? false;
  const permissions = usePermissions([
    { id: 'get-replication', action: 's3:GetReplicationConfiguration', bucket_name: bucketName },
  ]);
  const features = bucketFeatures(session.data?.capabilities, distributed);
  const entries = menuEntries(features, permissions.data?.['get-replication'] === true);
  const showUsers = session.data?.pages.includes(pagePaths.users) ?? false;

  if (!(bucketAdminTabs as readonly string[]).includes(tab)) {
    return <Navigate to={links.bucketAdmin(bucketName)} replace />;
  }
  const current = entries.find((e) => e.tab === tab);

  let content: ReactElement;
  if (info.isPending || session.isPending) content = <LoadingMessage />;
  else if (info.isError) {
    content = <QueryErrorAlert error={info.error} onRetry={() => void info.refetch()} />;
  } else if (current === undefined) content = <AbsentOnServerPanel tab={tab as BucketAdminTab} />;
  else if (current.unavailable) content = <NotAvailablePanel label={current.label} />;
  else if (tab === 'access') content = <AccessAuditPanel bucket={bucketName} showUsers={showUsers} />;
  else if (tab === 'prefix') content = <AccessRulesPanel bucket={bucketName} />;
  else if (tab === 'events') content = <EventsPanel bucket={bucketName} />;
  else if (tab === 'replication') content = <ReplicationPanel bucket={bucketName} />;
  else if (tab === 'lifecycle') content = <LifecyclePanel bucket={bucketName} />;
  else content = <SummaryPanel bucket={bucketName} info={info.data} features={features} />;

  return (
    <Box>
      <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 1 }}>
        <Link component={RouterLink} to={pagePaths.buckets} underline="hover" color="inherit">
          Buckets
        </Link>
        <Typography color="text.primary">{bucketName}</Typography>
      </Breadcrumbs>
      <PageHeader
        title={bucketName}
        subtitle={info.data ? `Access: ${capitalize(info.data.access)}` : ' '}
        actions={
          <>
            <Button
              component={RouterLink}
              to={links.bucketBrowse(bucketName)}
              variant="outlined"
              startIcon={<TravelExploreOutlined />}
            >
              Browse Bucket
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
            <Tooltip title="Refresh">
              <IconButton
                aria-label="Refresh"
                onClick={() =>
                  void queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(bucketName) })
                }
              >
                <RefreshOutlined />
              </IconButton>
            </Tooltip>
          </>
        }
      />
      <Box
        sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}
      >
        <Card
          component="nav"
          aria-label="Bucket settings"
          sx={{ width: { xs: '100%', md: 230 }, flexShrink: 0, p: 1 }}
        >
          <List dense disablePadding>
            {entries.map((e) =>
              e.unavailable ? (
                <Tooltip key={e.tab} title={e.unavailable} placement="right">
                  <span>
                    <ListItemButton disabled sx={{ minHeight: 40 }}>
                      <ListItemIcon sx={{ minWidth: 36 }}>{e.icon}</ListItemIcon>
                      <ListItemText primary={e.label} />
                      <Chip label="Soon" size="small" variant="outlined" sx={{ height: 20, fontSize: 11 }} />
                    </ListItemButton>
                  </span>
                </Tooltip>
              ) : (
                <ListItemButton
                  key={e.tab}
                  component={NavLink}
                  to={links.bucketAdmin(bucketName, e.tab)}
                  sx={{ minHeight: 40 }}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>{e.icon}</ListItemIcon>
                  <ListItemText primary={e.label} />
                </ListItemButton>
              ),
            )}
          </List>
        </Card>
        <Box
          component="section"
          aria-label={current?.label ?? tab}
          sx={{ flex: 1, minWidth: 0, width: '100%' }}
        >
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            {current?.label ?? tabLabels[tab as BucketAdminTab] ?? capitalize(tab)}
          </Typography>
          {content}
        </Box>
      </Box>
      {deleting && (
        <DeleteBucketDialog
          bucket={bucketName}
          open
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate(pagePaths.buckets)}
        />
      )}
    </Box>
  );
}
