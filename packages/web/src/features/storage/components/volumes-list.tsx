// SPDX-License-Identifier: Apache-2.0
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { TableCell } from '@mui/material';
import { links } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { PvcStatusChip } from '@/shared/operator/pvc-status-chip';
import { ListSection } from '@/shared/ui/list-page';
import { RowActions } from '@/shared/ui/row-actions';
import { usePvcs } from '../api/storage';

/** /storage/volumes (spec 3 §2 "Storage section"): every tenant's volumes; view goes to the tenant. */
export function VolumesList(): ReactElement {
  const pvcs = usePvcs();
  const navigate = useNavigate();
  return (
    <ListSection
      searchLabel="Search Volumes"
      rows={pvcs.data ?? []}
      searchText={(p) => `${p.name} ${p.tenant} ${p.namespace}`}
      query={pvcs}
      emptyIcon={<StorageOutlined />}
      emptyTitle="No Volumes"
      emptyHint="Tenants' volumes show here once a tenant exists."
      noun="volume, tenant or namespace"
      table={{
        label: 'Volumes',
        columns: [
          { header: 'Name' },
          { header: 'Namespace' },
          { header: 'Status' },
          { header: 'Tenant' },
          { header: 'Capacity' },
          { header: 'Storage Class' },
          { header: 'Actions', align: 'right', width: 80 },
        ],
        rowKey: (p) => `${p.namespace}/${p.name}`,
        cells: (p) => (
          <>
            <TableCell sx={{ fontWeight: 600 }}>{p.name}</TableCell>
            <TableCell>{p.namespace}</TableCell>
            <TableCell>
              <PvcStatusChip status={p.status} />
            </TableCell>
            <TableCell>{p.tenant}</TableCell>
            <TableCell>{p.capacity}</TableCell>
            <TableCell>{p.storageClass}</TableCell>
            <TableCell align="right">
              <RowActions
                actions={[
                  {
                    title: 'View',
                    label: `View ${p.name}`,
                    icon: <VisibilityOutlined fontSize="small" />,
                    onClick: () => navigate(links.tenantDetails(p.namespace, p.tenant)),
                  },
                ]}
              />
            </TableCell>
          </>
        ),
      }}
    />
  );
}
