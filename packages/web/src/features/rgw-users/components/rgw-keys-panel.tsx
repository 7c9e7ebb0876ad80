// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, TableCell, Typography } from '@mui/material';
import type { RgwKey, RgwUser } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListTable } from '@/shared/ui/list-page';
import { RowActions } from '@/shared/ui/row-actions';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCreateRgwKey, useDeleteRgwKey } from '../api/rgw-user-writes';
import { RgwKeyCreatedDialog } from './rgw-keys-created-dialog';

/** The user's S3 key pairs: secrets hidden until shown, Create Access Key (RGW generates it), Delete. */
export function RgwKeysPanel({ user }: { user: RgwUser }): ReactElement {
  const [shown, setShown] = useState<string[]>([]);
  const [created, setCreated] = useState<RgwKey | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const create = useCreateRgwKey(user.uid);
  const remove = useDeleteRgwKey(user.uid);
  const { showMessage, showError, showModalError } = useSnackbar();
  const before = new Set(user.keys.map((k) => k.accessKey));

  return (
    <Box component="section" aria-label="Access Keys">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Access Keys
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: (keys) => setCreated(keys.find((k) => !before.has(k.accessKey)) ?? null),
              onError: showError,
            })
          }
        >
          Create Access Key
        </Button>
      </Box>
      <ListTable
        label="Access Keys"
        columns={[{ header: 'Access Key' }, { header: 'Secret Key' }, { header: 'Actions', align: 'right' }]}
        rows={user.keys}
        rowKey={(k) => k.accessKey}
        noRows={<Typography color="text.secondary">This user has no S3 keys.</Typography>}
        cells={(k) => {
          const visible = shown.includes(k.accessKey);
          return (
            <>
              <TableCell sx={{ fontFamily: 'monospace' }}>{k.accessKey}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {visible ? k.secretKey : '••••••••••••'}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <RowActions
                  actions={[
                    {
                      title: visible ? 'Hide secret key' : 'Show secret key',
                      label: `${visible ? 'Hide' : 'Show'} secret key of ${k.accessKey}`,
                      icon: visible ? (
                        <VisibilityOffOutlined fontSize="small" />
                      ) : (
                        <VisibilityOutlined fontSize="small" />
                      ),
                      onClick: () =>
                        setShown(visible ? shown.filter((a) => a !== k.accessKey) : [...shown, k.accessKey]),
                    },
                    {
                      title: 'Delete',
                      label: `Delete access key ${k.accessKey}`,
                      icon: <DeleteOutlined fontSize="small" />,
                      onClick: () => setToDelete(k.accessKey),
                    },
                  ]}
                />
              </TableCell>
            </>
          );
        }}
      />
      <RgwKeyCreatedDialog title="New Access Key" rgwKey={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Access Key"
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete, {
            onSuccess: () => {
              showMessage(`Access key ${toDelete} deleted.`);
              setToDelete(null);
            },
            onError: showModalError,
          })
        }
      >
        Delete access key <strong>{toDelete}</strong> of {user.uid}? Tools that sign with it stop working.
      </ConfirmDialog>
    </Box>
  );
}
