// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import SyncDisabledOutlined from '@mui/icons-material/SyncDisabledOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { Button, Chip, IconButton, TableCell, Tooltip, Typography } from '@mui/material';
import type { PeerInfo, SiteReplicationResyncOperation } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ListPage, useListSearch } from '@/shared/ui/list-page';
import { RowActions } from '@/shared/ui/row-actions';
import { useSiteReplicationInfo } from '../api/site-replication';
import { EditSiteDialog } from './edit-site-dialog';
import { RemoveSiteDialog } from './remove-site-dialog';
import { ResyncSiteDialog } from './resync-site-dialog';

/**
 * Settings → Site Replication (issue 34, as MinIO Console): before any site is added, the empty state
 * with Add Sites; then the sites of the set — name, endpoint, deployment id, Resync / Cancel resync of a
 * peer, Edit (the endpoint) and Remove (each after a confirmation) — and a link to Replication Status.
 */
export function SiteReplicationPanel({
  onAdd,
  onStatus,
}: {
  onAdd: () => void;
  onStatus: () => void;
}): ReactElement {
  const info = useSiteReplicationInfo();
  const sites = info.data?.sites ?? [];
  const search = useListSearch(sites, (s) => `${s.name} ${s.endpoint} ${s.deploymentID}`);
  const [editing, setEditing] = useState<PeerInfo | null>(null);
  const [removing, setRemoving] = useState<PeerInfo | null>(null);
  const [resyncing, setResyncing] = useState<{
    site: PeerInfo;
    operation: SiteReplicationResyncOperation;
  } | null>(null);
  return (
    <ListPage
      title="Site Replication"
      count={
        info.data ? (info.data.enabled ? `${sites.length} sites replicating` : 'Not configured') : undefined
      }
      searchLabel="Filter Sites"
      createLabel="Add Sites"
      onCreate={onAdd}
      toolbar={
        <>
          <Tooltip title="Refresh">
            <IconButton aria-label="Refresh sites" onClick={() => void info.refetch()}>
              <RefreshOutlined />
            </IconButton>
          </Tooltip>
          {info.data?.enabled && (
            <Button variant="outlined" startIcon={<MonitorHeartOutlined />} onClick={onStatus}>
              Replication Status
            </Button>
          )}
        </>
      }
      query={info}
      rows={sites}
      search={search}
      emptyIcon={<HubOutlined />}
      emptyTitle="Site Replication is not configured"
      emptyHint="Add this site and at least one peer: buckets, objects, users, groups and policies are then kept the same at every site, writable at any of them."
      noun="site"
      table={{
        label: 'Replication Sites',
        columns: [
          { header: 'Site Name' },
          { header: 'Endpoint' },
          { header: 'Deployment ID' },
          { header: 'Actions', align: 'right', width: 168 },
        ],
        rowKey: (s) => s.deploymentID,
        cells: (s) => (
          <>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600 }} component="span">
                {s.name}
              </Typography>
              {s.name === info.data?.name && (
                <Chip size="small" label="This site" color="primary" variant="outlined" sx={{ ml: 1 }} />
              )}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{s.endpoint}</TableCell>
            <TableCell>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: 12.5 }}>
                {s.deploymentID}
              </Typography>
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <RowActions
                actions={[
                  // A resync sends this site's objects to a peer: not offered for this site itself.
                  ...(s.name === info.data?.name
                    ? []
                    : [
                        {
                          title: 'Resync',
                          label: `Resync ${s.name}`,
                          icon: <SyncOutlined fontSize="small" />,
                          onClick: () => setResyncing({ site: s, operation: 'start' }),
                        },
                        {
                          title: 'Cancel resync',
                          label: `Cancel resync of ${s.name}`,
                          icon: <SyncDisabledOutlined fontSize="small" />,
                          onClick: () => setResyncing({ site: s, operation: 'cancel' }),
                        },
                      ]),
                  {
                    title: 'Edit',
                    label: `Edit ${s.name}`,
                    icon: <EditOutlined fontSize="small" />,
                    onClick: () => setEditing(s),
                  },
                  {
                    title: 'Remove',
                    label: `Remove ${s.name}`,
                    icon: <DeleteOutlined fontSize="small" />,
                    onClick: () => setRemoving(s),
                  },
                ]}
              />
            </TableCell>
          </>
        ),
      }}
    >
      {editing && <EditSiteDialog site={editing} onClose={() => setEditing(null)} />}
      {resyncing && (
        <ResyncSiteDialog
          key={`${resyncing.site.deploymentID} ${resyncing.operation}`}
          site={resyncing.site}
          operation={resyncing.operation}
          onClose={() => setResyncing(null)}
        />
      )}
      {removing && (
        <RemoveSiteDialog site={removing} siteCount={sites.length} onClose={() => setRemoving(null)} />
      )}
    </ListPage>
  );
}
