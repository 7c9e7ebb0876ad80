import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { Chip, IconButton, TableCell, Tooltip } from '@mui/material';
import { type Tier, tierName } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ListPage, useListSearch } from '@/shared/ui/list-page';
import { RowActions } from '@/shared/ui/row-actions';
import { useTiers } from '../api/tiers';
import { tierStatus, tierUsageText } from '../lib/tier-form';
import { RemoveTierDialog } from './remove-tier-dialog';
import { TierCredentialsDialog } from './tier-credentials-dialog';

const details = (t: Tier) => t[t.type] ?? { name: '', endpoint: '', bucket: '', prefix: '', region: '' };
const typeLabel: Record<Tier['type'], string> = { s3: 'S3', minio: 'MinIO', gcs: 'GCS', azure: 'Azure' };

/** Online/Offline of a tier's verify; an offline tier's reason in the tooltip. */
function StatusChip({ tier }: { tier: Tier }): ReactElement {
  const s = tierStatus(tier);
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      label={s.label}
      color={s.ok === null ? 'default' : s.ok ? 'success' : 'error'}
    />
  );
  return s.reason ? <Tooltip title={s.reason}>{chip}</Tooltip> : chip;
}

/**
 * Settings → Tiers (spec 2 "Settings"): the tiers with a filter, a refresh button, Add Tier, and per row
 * an edit action opening Update Credentials. Columns Tier Name, Type, Endpoint, Bucket, Prefix, Region
 * (spec 2), plus what MinIO's console shows: Status (verify) and Usage, Objects, Versions (tier stats);
 * and a remove action (confirmation; the store refuses a tier in use).
 */
export function TiersPanel({ onAdd }: { onAdd: () => void }): ReactElement {
  const tiers = useTiers();
  const all = tiers.data?.items ?? [];
  const search = useListSearch(
    all,
    (t) => `${tierName(t)} ${t.type} ${details(t).endpoint} ${details(t).bucket}`,
  );
  const [editing, setEditing] = useState<Tier | null>(null);
  const [removing, setRemoving] = useState<Tier | null>(null);
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
          ...['Tier Name', 'Status', 'Type', 'Endpoint', 'Bucket', 'Prefix', 'Region'].map((header) => ({
            header,
          })),
          ...['Usage', 'Objects', 'Versions'].map((header) => ({ header, align: 'right' as const })),
          { header: 'Actions', align: 'right', width: 100 },
        ],
        rowKey: (t) => tierName(t),
        cells: (t) => {
          const d = details(t);
          return (
            <>
              <TableCell sx={{ fontWeight: 600 }}>{d.name}</TableCell>
              <TableCell>
                <StatusChip tier={t} />
              </TableCell>
              <TableCell>{typeLabel[t.type]}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{d.endpoint}</TableCell>
              <TableCell>{d.bucket}</TableCell>
              <TableCell>{d.prefix}</TableCell>
              <TableCell>{d.region}</TableCell>
              <TableCell align="right">{tierUsageText(d)}</TableCell>
              <TableCell align="right">{d.objects ?? '-'}</TableCell>
              <TableCell align="right">{d.versions ?? '-'}</TableCell>
              <TableCell align="right">
                <RowActions
                  actions={[
                    {
                      title: 'Update Credentials',
                      label: `Update credentials of ${d.name}`,
                      icon: <EditOutlined fontSize="small" />,
                      onClick: () => setEditing(t),
                    },
                    {
                      title: 'Remove',
                      label: `Remove tier ${d.name}`,
                      icon: <DeleteOutlined fontSize="small" />,
                      onClick: () => setRemoving(t),
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
      {removing && <RemoveTierDialog tier={removing} onClose={() => setRemoving(null)} />}
    </ListPage>
  );
}
