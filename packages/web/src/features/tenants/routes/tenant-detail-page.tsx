// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import {
  Box,
  Breadcrumbs,
  Button,
  Card,
  IconButton,
  Link,
  Tab,
  Tabs,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { links, pagePaths, type TenantTab } from '@stowage/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { Navigate, Route, Link as RouterLink, Routes, useParams } from 'react-router';
import { formatBytes } from '@/shared/format/format-bytes';
import { tenantKeys } from '@/shared/operator/tenant-keys';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useTenant } from '../api/tenant';
import { DeleteTenantDialog } from '../components/delete-tenant';
import { EventsPanel } from '../components/events-panel';
import { HealthIcon } from '../components/health-icon';
import { LicensePanel } from '../components/license-panel';
import { MetricsPanel } from '../components/metrics-panel';
import { PodDetail } from '../components/pod-detail';
import { PodsPanel } from '../components/pods-panel';
import { PoolsPanel } from '../components/pools-panel';
import { SecurityPanel } from '../components/security-panel';
import { SummaryPanel } from '../components/summary-panel';
import { VolumesPanel } from '../components/volumes-panel';
import { YamlDialog } from '../components/yaml-dialog';
import { TenantHopPage } from './tenant-hop-page';

const tabs: { tab: Exclude<TenantTab, 'hop'>; label: string }[] = [
  { tab: 'summary', label: 'Summary' },
  { tab: 'metrics', label: 'Metrics' },
  { tab: 'security', label: 'Security' },
  { tab: 'pools', label: 'Pools' },
  { tab: 'pods', label: 'Pods' },
  { tab: 'events', label: 'Events' },
  { tab: 'volumes', label: 'Volumes' },
  { tab: 'license', label: 'License' },
];

/**
 * /namespaces/{ns}/tenants/{tenant}/* (spec 3 §2 "Tenant detail"): /hop is the full-width management
 * view; everything else is the detail screen with its tabs.
 */
export function TenantDetailPage(): ReactElement {
  return (
    <Routes>
      <Route path="hop" element={<TenantHopPage />} />
      <Route path="*" element={<TenantDetail />} />
    </Routes>
  );
}

function TenantDetail(): ReactElement {
  const { tenantNamespace: ns = '', tenantName: name = '', '*': rest = '' } = useParams();
  const tenant = useTenant(ns, name);
  const queryClient = useQueryClient();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [deleting, setDeleting] = useState(false);
  const [editingYaml, setEditingYaml] = useState(false);
  const first = rest.split('/')[0] ?? '';
  const current = tabs.find((t) => t.tab === first);
  if (!current) return <Navigate to={links.tenantDetails(ns, name)} replace />;

  let content: ReactElement;
  if (tenant.isPending) content = <LoadingMessage />;
  else if (tenant.isError)
    content = <QueryErrorAlert error={tenant.error} onRetry={() => void tenant.refetch()} />;
  else {
    const t = tenant.data;
    content = (
      <Routes>
        <Route path="summary" element={<SummaryPanel tenant={t} />} />
        <Route path="metrics" element={<MetricsPanel ns={ns} tenant={name} />} />
        <Route path="security" element={<SecurityPanel ns={ns} tenant={name} />} />
        <Route path="pools" element={<PoolsPanel tenant={t} />} />
        <Route path="pods" element={<PodsPanel ns={ns} tenant={name} />} />
        <Route path="pods/:podName" element={<PodDetail ns={ns} tenant={name} />} />
        <Route path="events" element={<EventsPanel ns={ns} tenant={name} />} />
        <Route path="volumes" element={<VolumesPanel ns={ns} tenant={name} />} />
        <Route path="license" element={<LicensePanel tenant={t} />} />
      </Routes>
    );
  }

  return (
    <Box>
      <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 1 }}>
        <Link component={RouterLink} to={pagePaths.tenants} underline="hover" color="inherit">
          Tenants
        </Link>
        <Typography color="text.primary">{name}</Typography>
      </Breadcrumbs>
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap', mb: 3, minHeight: 48 }}
      >
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <HealthIcon status={tenant.data?.health_status} />
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700, letterSpacing: '-0.02em' }}>
              {name}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Namespace: {ns}
            {tenant.data ? ` · Capacity: ${formatBytes(tenant.data.total_size)}` : ''}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlined />}
            onClick={() => setDeleting(true)}
          >
            Delete
          </Button>
          <Button variant="outlined" startIcon={<EditNoteOutlined />} onClick={() => setEditingYaml(true)}>
            Edit YAML
          </Button>
          <Tooltip title="Refresh">
            <IconButton
              aria-label="Refresh"
              onClick={() => void queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(ns, name) })}
            >
              <RefreshOutlined />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 3, flexDirection: wide ? 'row' : 'column', alignItems: 'flex-start' }}>
        <Card sx={{ width: wide ? 200 : '100%', flexShrink: 0 }}>
          <Tabs
            aria-label="Tenant sections"
            orientation={wide ? 'vertical' : 'horizontal'}
            variant={wide ? 'standard' : 'scrollable'}
            value={current.tab}
          >
            {tabs.map((t) => (
              <Tab
                key={t.tab}
                value={t.tab}
                label={t.label}
                component={RouterLink}
                to={links.tenantDetails(ns, name, t.tab)}
                sx={wide ? { alignItems: 'flex-start', textTransform: 'none' } : { textTransform: 'none' }}
              />
            ))}
          </Tabs>
        </Card>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>{content}</Box>
      </Box>
      <DeleteTenantDialog
        tenant={deleting ? { namespace: ns, name } : null}
        onClose={() => setDeleting(false)}
      />
      {editingYaml && <YamlDialog ns={ns} tenant={name} onClose={() => setEditingYaml(false)} />}
    </Box>
  );
}
