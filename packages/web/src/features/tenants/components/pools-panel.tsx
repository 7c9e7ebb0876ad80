// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import { Button, TableCell } from '@mui/material';
import type { TenantDetail } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { ListSection } from '@/shared/ui/list-page';
import { poolRows } from '../lib/tenant-rules';
import { AddPoolDialog } from './add-pool-dialog';

/** Pools tab (spec 3 §2): a filter, Expand Tenant (the Add Pool dialog) and the pools' table. */
export function PoolsPanel({ tenant }: { tenant: TenantDetail }): ReactElement {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <ListSection
        searchLabel="Filter Pools"
        rows={poolRows(tenant.pools)}
        searchText={(r) => r.name}
        toolbar={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(true)}>
            Expand Tenant
          </Button>
        }
        query={{ isPending: false, isError: false, error: null }}
        emptyIcon={<StorageOutlined />}
        emptyTitle="No Pools found"
        emptyHint="No Pools found"
        noun="pool name"
        table={{
          label: 'Pools',
          columns: [
            { header: 'Name' },
            { header: 'Capacity' },
            { header: '# of Instances', align: 'right' },
            { header: '# of Drives', align: 'right' },
          ],
          rowKey: (r) => r.label,
          cells: (r) => (
            <>
              <TableCell sx={{ fontWeight: 600 }}>{r.name}</TableCell>
              <TableCell>{formatBytes(r.capacity)}</TableCell>
              <TableCell align="right">{r.servers}</TableCell>
              <TableCell align="right">{r.volumes}</TableCell>
            </>
          ),
        }}
      />
      {adding && <AddPoolDialog tenant={tenant} onClose={() => setAdding(false)} />}
    </>
  );
}
