// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Alert, Box, Button, Chip, Link, TableCell } from '@mui/material';
import { links, type TenantPod } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ListTable } from '@/shared/ui/list-page';
import { ListState } from '@/shared/ui/list-state';
import { RowActions } from '@/shared/ui/row-actions';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeletePod, useTenantPods } from '../api/pods';
import { ageText } from '../lib/tenant-rules';
import { RetypeNameDialog } from './retype-name-dialog';

/** Pods tab (spec 3 §2): Name, Status, Age, Pod IP, Restarts, Node; view and delete (name retyped). */
export function PodsPanel({ ns, tenant }: { ns: string; tenant: string }): ReactElement {
  const pods = useTenantPods(ns, tenant);
  const remove = useDeletePod(ns, tenant);
  const navigate = useNavigate();
  const { showMessage, showModalError } = useSnackbar();
  const [toDelete, setToDelete] = useState<string | null>(null);
  const rows = pods.data ?? [];
  const now = Date.now();

  if (pods.isError) return <Alert severity="error">Error loading pods.</Alert>;
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button startIcon={<RefreshOutlined />} onClick={() => void pods.refetch()}>
          Refresh
        </Button>
      </Box>
      <ListState
        query={pods}
        total={rows.length}
        shown={rows.length}
        search=""
        emptyIcon={<DnsOutlined />}
        emptyTitle="No Pods"
        emptyHint="The tenant has no running processes."
        noun="pod"
      >
        <ListTable
          label="Pods"
          columns={[
            { header: 'Name' },
            { header: 'Status' },
            { header: 'Age' },
            { header: 'Pod IP' },
            { header: 'Restarts', align: 'right' },
            { header: 'Node' },
            { header: 'Actions', align: 'right', width: 110 },
          ]}
          rows={rows}
          rowKey={(p: TenantPod) => p.name}
          cells={(p) => (
            <>
              <TableCell>
                <Link component={RouterLink} to={links.tenantPod(ns, tenant, p.name)} underline="hover">
                  {p.name}
                </Link>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  label={p.status}
                  color={p.status === 'Running' ? 'success' : 'warning'}
                />
              </TableCell>
              <TableCell>{ageText(p.timeCreated, now)}</TableCell>
              <TableCell>{p.podIP}</TableCell>
              <TableCell align="right" aria-label={`Restarts of ${p.name}`}>
                {p.restarts ?? 0}
              </TableCell>
              <TableCell>{p.node}</TableCell>
              <TableCell align="right">
                <RowActions
                  actions={[
                    {
                      title: 'View',
                      label: `View ${p.name}`,
                      icon: <VisibilityOutlined fontSize="small" />,
                      onClick: () => navigate(links.tenantPod(ns, tenant, p.name)),
                    },
                    {
                      title: 'Delete',
                      label: `Delete ${p.name}`,
                      icon: <DeleteOutlined fontSize="small" />,
                      onClick: () => setToDelete(p.name),
                    },
                  ]}
                />
              </TableCell>
            </>
          )}
        />
      </ListState>
      <RetypeNameDialog
        open={toDelete !== null}
        kind="Pod"
        name={toDelete ?? ''}
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete, {
            onSuccess: () => {
              showMessage(`Pod ${toDelete} deleted: the supervisor starts it again.`);
              setToDelete(null);
            },
            onError: showModalError,
          })
        }
      >
        <p>The process is stopped and started again by the tenant's supervisor.</p>
      </RetypeNameDialog>
    </Box>
  );
}
