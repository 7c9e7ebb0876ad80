// SPDX-License-Identifier: Apache-2.0
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import { TableCell } from '@mui/material';
import type { ReactElement } from 'react';
import { PvcStatusChip } from '@/shared/operator/pvc-status-chip';
import { ListSection } from '@/shared/ui/list-page';
import { useTenantPvcs } from '../api/pools';

/** Volumes tab (spec 3 §2): search by PVC name; Name, Status, Capacity, Storage Class. */
export function VolumesPanel({ ns, tenant }: { ns: string; tenant: string }): ReactElement {
  const pvcs = useTenantPvcs(ns, tenant);
  return (
    <ListSection
      searchLabel="Search PVCs"
      rows={pvcs.data ?? []}
      searchText={(p) => p.name}
      query={pvcs}
      emptyIcon={<StorageOutlined />}
      emptyTitle="No Volumes"
      emptyHint="The tenant has no volume claims."
      noun="volume name"
      table={{
        label: 'Volumes',
        columns: [
          { header: 'Name' },
          { header: 'Status' },
          { header: 'Capacity' },
          { header: 'Storage Class' },
        ],
        rowKey: (p) => p.name,
        cells: (p) => (
          <>
            <TableCell sx={{ fontWeight: 600 }}>{p.name}</TableCell>
            <TableCell>
              <PvcStatusChip status={p.status} />
            </TableCell>
            <TableCell>{p.capacity}</TableCell>
            <TableCell>{p.storageClass}</TableCell>
          </>
        ),
      }}
    />
  );
}
