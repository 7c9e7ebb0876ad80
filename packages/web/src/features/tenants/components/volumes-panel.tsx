import StorageOutlined from '@mui/icons-material/StorageOutlined';
import { Box, Chip, TableCell } from '@mui/material';
import type { ReactElement } from 'react';
import { ListTable, useListSearch } from '@/shared/ui/list-page';
import { ListState } from '@/shared/ui/list-state';
import { SearchField } from '@/shared/ui/search-field';
import { useTenantPvcs } from '../api/pools';

/** Volumes tab (spec 3 §2): search by PVC name; Name, Status, Capacity, Storage Class. */
export function VolumesPanel({ ns, tenant }: { ns: string; tenant: string }): ReactElement {
  const pvcs = useTenantPvcs(ns, tenant);
  const rows = pvcs.data ?? [];
  const search = useListSearch(rows, (p) => p.name);
  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <SearchField label="Search PVCs" value={search.search} onChange={search.setSearch} />
      </Box>
      <ListState
        query={pvcs}
        total={rows.length}
        shown={search.shown.length}
        search={search.search}
        emptyIcon={<StorageOutlined />}
        emptyTitle="No Volumes"
        emptyHint="The tenant has no volume claims."
        noun="volume name"
      >
        <ListTable
          label="Volumes"
          columns={[
            { header: 'Name' },
            { header: 'Status' },
            { header: 'Capacity' },
            { header: 'Storage Class' },
          ]}
          rows={search.shown}
          rowKey={(p) => p.name}
          cells={(p) => (
            <>
              <TableCell sx={{ fontWeight: 600 }}>{p.name}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  label={p.status}
                  color={p.status === 'Bound' ? 'success' : 'default'}
                />
              </TableCell>
              <TableCell>{p.capacity}</TableCell>
              <TableCell>{p.storageClass}</TableCell>
            </>
          )}
        />
      </ListState>
    </Box>
  );
}
