// SPDX-License-Identifier: Apache-2.0
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { Chip, TableCell } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { formatDateTime } from '@/shared/format/format-date';
import { useKmsKeys } from '@/shared/kms/kms-keys';
import { ListPage, useListSearch } from '@/shared/ui/list-page';
import { useKmsStatus } from '../api/kms';
import { CreateKeyDialog } from '../components/create-key-dialog';

/**
 * /kms (issue 18, beyond the spec): the server's KMS — its name, default key and endpoints' state — and its
 * keys, with Create Key. Served where the server has MinIO's KMS API (the embedded store's built-in KMS).
 */
export function KmsPage(): ReactElement {
  const status = useKmsStatus();
  const keys = useKmsKeys();
  const [creating, setCreating] = useState(false);
  const all = keys.data?.results ?? [];
  const search = useListSearch(all, (k) => k.name);
  const s = status.data;
  const online = s ? s.endpoints.filter((e) => e.status === 'online').length : 0;
  return (
    <ListPage
      title="Key Management (KMS)"
      count={
        s
          ? `${s.name} KMS · default key ${s.defaultKeyID} · ${online} of ${s.endpoints.length} endpoint${s.endpoints.length === 1 ? '' : 's'} online · ${all.length} key${all.length === 1 ? '' : 's'}`
          : undefined
      }
      searchLabel="Filter Keys"
      createLabel="Create Key"
      onCreate={() => setCreating(true)}
      query={keys}
      rows={all}
      search={search}
      emptyIcon={<VpnKeyOutlined />}
      emptyTitle="No Keys"
      emptyHint="Keys seal the data keys of SSE-S3 and SSE-KMS objects."
      noun="key name"
      table={{
        label: 'KMS Keys',
        columns: [
          { header: 'Name' },
          { header: 'Created', width: 220 },
          { header: 'Created By', width: 180 },
        ],
        rowKey: (k) => k.name,
        cells: (k) => (
          <>
            <TableCell sx={{ fontWeight: 600 }}>
              {k.name}
              {k.name === s?.defaultKeyID && <Chip size="small" label="Default" sx={{ ml: 1 }} />}
            </TableCell>
            <TableCell>{k.createdAt ? formatDateTime(k.createdAt) : '-'}</TableCell>
            <TableCell>{k.createdBy || '-'}</TableCell>
          </>
        ),
      }}
    >
      {creating && <CreateKeyDialog open onClose={() => setCreating(false)} />}
    </ListPage>
  );
}
