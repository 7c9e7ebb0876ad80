// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { Chip, IconButton, TableCell, Tooltip, Typography } from '@mui/material';
import { type Tier, tierName } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ListPage, useListSearch } from '@/shared/ui/list-page';
import { RowActions } from '@/shared/ui/row-actions';
import { useTiers } from '../api/tiers';
import { countText, tierStatus, tierUsageText } from '../lib/tier-form';
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

/** One line of a long value, cut with an ellipsis; the whole value in its tooltip. */
function Clipped({ text }: { text: string }): ReactElement {
  return (
    <Typography variant="body2" noWrap title={text}>
      {text}
    </Typography>
  );
}

/**
 * Settings → Tiers (spec 2 "Settings"): the tiers with a filter, a refresh button, Add Tier, and per row
 * an edit action opening Update Credentials. Columns Tier Name, Type, Endpoint, Bucket, Prefix, Region
 * (spec 2), plus what MinIO's console shows: the status (verify, under the name) and the usage, objects and versions (tier
 * stats) in one Usage column, so the table fits beside the settings list;
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
          ...['Tier Name', 'Type', 'Endpoint', 'Bucket', 'Prefix', 'Region'].map((header) => ({
            header,
          })),
          { header: 'Usage', align: 'right' },
          { header: 'Actions', align: 'right', width: 96 },
        ],
        rowKey: (t) => tierName(t),
        cells: (t) => {
          const d = details(t);
          return (
            <>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                  {d.name}
                </Typography>
                <StatusChip tier={t} />
              </TableCell>
              <TableCell>{typeLabel[t.type]}</TableCell>
              <TableCell sx={{ maxWidth: 140 }}>
                <Clipped text={d.endpoint} />
              </TableCell>
              <TableCell sx={{ maxWidth: 120 }}>
                <Clipped text={d.bucket} />
              </TableCell>
              <TableCell>{d.prefix}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.region}</TableCell>
              <TableCell align="right">
                <Typography variant="body2" noWrap>
                  {tierUsageText(d)}
                </Typography>
                {d.objects !== undefined && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {countText(d.objects, 'object')}, {countText(d.versions ?? '0', 'version')}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
