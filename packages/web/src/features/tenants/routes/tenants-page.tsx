// SPDX-License-Identifier: Apache-2.0
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Box, Chip, IconButton, Link, TableCell, Tooltip, Typography } from '@mui/material';
import { links, pagePaths, type TenantListItem } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatBytes } from '@/shared/format/format-bytes';
import { useTenants } from '@/shared/operator/list-tenants';
import { ListPage, useListSearch } from '@/shared/ui/list-page';
import { countLabel } from '@/shared/ui/list-state';
import { RowActions } from '@/shared/ui/row-actions';
import { DeleteTenantDialog } from '../components/delete-tenant';
import { HealthIcon } from '../components/health-icon';

const stateColour = (state: string): 'success' | 'warning' | 'error' | 'default' =>
  state === 'Running' ? 'success' : state === 'Stopped' ? 'error' : state ? 'warning' : 'default';

/** Capacity and, when the tenant reported it, how much of it is used. */
function CapacityCell({ t }: { t: TenantListItem }): ReactElement {
  const usage = t.capacity_usage ?? t.capacity_raw_usage;
  return (
    <Box>
      <Typography variant="body2">{formatBytes(t.total_size)}</Typography>
      {usage !== undefined && (
        <Typography variant="caption" color="text.secondary">
          {formatBytes(usage)} used
        </Typography>
      )}
    </Box>
  );
}

/**
 * /tenants (spec 3 §2 "Tenants list"): search, refresh, Create Tenant; Name (with the health icon),
 * Namespace, Capacity, # of Pools, State; view and delete per row.
 */
export function TenantsPage(): ReactElement {
  const tenants = useTenants();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<TenantListItem | null>(null);
  const all = tenants.data?.tenants ?? [];
  const search = useListSearch(all, (t) => `${t.name} ${t.namespace}`);

  return (
    <ListPage
      title="Tenants"
      count={tenants.data ? countLabel(tenants.data.total, 'tenant', 'tenants') : undefined}
      searchLabel="Search Tenants"
      createLabel="Create Tenant"
      onCreate={() => navigate(pagePaths.tenantsAdd)}
      toolbar={
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh" onClick={() => void tenants.refetch()}>
            <RefreshOutlined />
          </IconButton>
        </Tooltip>
      }
      query={tenants}
      rows={all}
      search={search}
      emptyIcon={<AccountTreeOutlined />}
      emptyTitle="No Tenants"
      emptyHint="A tenant is an isolated object store with its own servers, volumes and credentials. Create one to get started."
      noun="tenant name or namespace"
      table={{
        label: 'Tenants',
        columns: [
          { header: 'Name' },
          { header: 'Namespace' },
          { header: 'Capacity' },
          { header: '# of Pools', align: 'right', width: 110 },
          { header: 'State', width: 140 },
          { header: 'Actions', align: 'right', width: 110 },
        ],
        rowKey: (t) => `${t.namespace}/${t.name}`,
        cells: (t) => (
          <>
            <TableCell>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <HealthIcon status={t.health_status} />
                <Link
                  component={RouterLink}
                  to={links.tenantDetails(t.namespace, t.name)}
                  underline="hover"
                  sx={{ fontWeight: 600 }}
                >
                  {t.name}
                </Link>
              </Box>
            </TableCell>
            <TableCell>{t.namespace}</TableCell>
            <TableCell>
              <CapacityCell t={t} />
            </TableCell>
            <TableCell align="right">{t.pool_count}</TableCell>
            <TableCell>
              <Chip
                size="small"
                variant="outlined"
                label={t.currentState || '-'}
                color={stateColour(t.currentState)}
              />
            </TableCell>
            <TableCell align="right">
              <RowActions
                actions={[
                  {
                    title: 'View',
                    label: `View ${t.name}`,
                    icon: <VisibilityOutlined fontSize="small" />,
                    onClick: () => navigate(links.tenantDetails(t.namespace, t.name)),
                  },
                  {
                    title: 'Delete',
                    label: `Delete ${t.name}`,
                    icon: <DeleteOutlined fontSize="small" />,
                    onClick: () => setToDelete(t),
                  },
                ]}
              />
            </TableCell>
          </>
        ),
      }}
    >
      <DeleteTenantDialog tenant={toDelete} onClose={() => setToDelete(null)} />
    </ListPage>
  );
}
