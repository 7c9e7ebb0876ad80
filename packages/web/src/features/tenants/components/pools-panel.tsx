import AddOutlined from '@mui/icons-material/AddOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import { Box, Button, TableCell } from '@mui/material';
import type { TenantDetail } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { ListTable, useListSearch } from '@/shared/ui/list-page';
import { ListState } from '@/shared/ui/list-state';
import { SearchField } from '@/shared/ui/search-field';
import { poolRows } from '../lib/tenant-rules';
import { AddPoolDialog } from './add-pool-dialog';

/** Pools tab (spec 3 §2): a filter, Expand Tenant (the Add Pool dialog) and the pools' table. */
export function PoolsPanel({ tenant }: { tenant: TenantDetail }): ReactElement {
  const rows = poolRows(tenant.pools);
  const search = useListSearch(rows, (r) => r.name);
  const [adding, setAdding] = useState(false);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, mb: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <SearchField label="Filter Pools" value={search.search} onChange={search.setSearch} />
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(true)}>
          Expand Tenant
        </Button>
      </Box>
      <ListState
        query={{ isPending: false, isError: false, error: null }}
        total={rows.length}
        shown={search.shown.length}
        search={search.search}
        emptyIcon={<StorageOutlined />}
        emptyTitle="No Pools found"
        emptyHint="No Pools found"
        noun="pool name"
      >
        <ListTable
          label="Pools"
          columns={[
            { header: 'Name' },
            { header: 'Capacity' },
            { header: '# of Instances', align: 'right' },
            { header: '# of Drives', align: 'right' },
          ]}
          rows={search.shown}
          rowKey={(r) => r.label}
          cells={(r) => (
            <>
              <TableCell sx={{ fontWeight: 600 }}>{r.name}</TableCell>
              <TableCell>{formatBytes(r.capacity)}</TableCell>
              <TableCell align="right">{r.servers}</TableCell>
              <TableCell align="right">{r.volumes}</TableCell>
            </>
          )}
        />
      </ListState>
      {adding && <AddPoolDialog tenant={tenant} onClose={() => setAdding(false)} />}
    </Box>
  );
}
