import EditOutlined from '@mui/icons-material/EditOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { IconButton, TableCell, Tooltip } from '@mui/material';
import { type Tier, tierName } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ListPage, useListSearch } from '@/shared/ui/list-page';
import { RowActions } from '@/shared/ui/row-actions';
import { useTiers } from '../api/tiers';
import { TierCredentialsDialog } from './tier-credentials-dialog';

const details = (t: Tier) => t[t.type] ?? { name: '', endpoint: '', bucket: '', prefix: '', region: '' };
const typeLabel: Record<Tier['type'], string> = { s3: 'S3', minio: 'MinIO', gcs: 'GCS', azure: 'Azure' };

/**
 * Settings → Tiers (spec 2 "Settings"): the tiers with a filter, a refresh button, Add Tier, and per row
 * an edit action opening Update Credentials. Columns Tier Name, Type, Endpoint, Bucket, Prefix, Region.
 */
export function TiersPanel({ onAdd }: { onAdd: () => void }): ReactElement {
  const tiers = useTiers();
  const all = tiers.data?.items ?? [];
  const search = useListSearch(
    all,
    (t) => `${tierName(t)} ${t.type} ${details(t).endpoint} ${details(t).bucket}`,
  );
  const [editing, setEditing] = useState<Tier | null>(null);
  return (
    <ListPage
      title="Tiers"
      count={tiers.data ? `${all.length} tier${all.length === 1 ? '' : 's'}` : undefined}
      searchLabel="Filter Tiers"
      createLabel="Add Tier"
      onCreate={onAdd}
      toolbar={
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh tiers" onClick={() => void tiers.refetch()}>
            <RefreshOutlined />
          </IconButton>
        </Tooltip>
      }
      query={tiers}
      rows={all}
      search={search}
      emptyIcon={<LayersOutlined />}
      emptyTitle="No Tiers Available"
      emptyHint="A tier is a remote bucket (MinIO, S3, GCS or Azure) that lifecycle rules move objects to."
      noun="tier"
      table={{
        label: 'Tiers',
        columns: [
          { header: 'Tier Name' },
          { header: 'Type' },
          { header: 'Endpoint' },
          { header: 'Bucket' },
          { header: 'Prefix' },
          { header: 'Region' },
          { header: 'Actions', align: 'right', width: 90 },
        ],
        rowKey: (t) => tierName(t),
        cells: (t) => {
          const d = details(t);
          return (
            <>
              <TableCell sx={{ fontWeight: 600 }}>{d.name}</TableCell>
              <TableCell>{typeLabel[t.type]}</TableCell>
              <TableCell>{d.endpoint}</TableCell>
              <TableCell>{d.bucket}</TableCell>
              <TableCell>{d.prefix}</TableCell>
              <TableCell>{d.region}</TableCell>
              <TableCell align="right">
                <RowActions
                  actions={[
                    {
                      title: 'Update Credentials',
                      label: `Update credentials of ${d.name}`,
                      icon: <EditOutlined fontSize="small" />,
                      onClick: () => setEditing(t),
                    },
                  ]}
                />
              </TableCell>
            </>
          );
        },
      }}
    >
      {editing && <TierCredentialsDialog tier={editing} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
