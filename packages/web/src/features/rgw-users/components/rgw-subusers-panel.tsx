// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import KeyOffOutlined from '@mui/icons-material/KeyOffOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, TableCell, TextField, Typography } from '@mui/material';
import type { RgwUser } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FormDialog } from '@/shared/ui/form-dialog';
import { ListTable } from '@/shared/ui/list-page';
import { type RowAction, RowActions } from '@/shared/ui/row-actions';
import { useSnackbar } from '@/shared/ui/snackbar';
import {
  useCreateRgwSubuser,
  useDeleteRgwSubuser,
  useDeleteRgwSwiftKey,
  useSetRgwSwiftKey,
} from '../api/rgw-user-writes';
import { Pick } from './rgw-pick';

const accesses = ['read', 'write', 'readwrite', 'full'] as const;

/** New Swift Key: a secret typed in, or left empty for RGW to generate one; replaces the subuser's key. */
function SwiftKeyDialog({
  uid,
  subuser,
  onClose,
  onSaved,
}: {
  uid: string;
  subuser: string;
  onClose: () => void;
  onSaved: () => void;
}): ReactElement {
  const [secret, setSecret] = useState('');
  const set = useSetRgwSwiftKey(uid);
  const { showMessage, showModalError } = useSnackbar();
  const tooShort = secret !== '' && secret.length < 8;
  return (
    <FormDialog
      open
      title="New Swift Key"
      onClose={onClose}
      onSubmit={() =>
        !tooShort &&
        set.mutate(
          { subuser, ...(secret === '' ? {} : { secretKey: secret }) },
          {
            onSuccess: () => {
              showMessage(`Swift key of ${subuser} set.`);
              onSaved();
            },
            onError: showModalError,
          },
        )
      }
      busy={set.isPending}
      submitLabel="Save"
      submitDisabled={tooShort}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Swift clients sign in as <strong>{subuser}</strong> with this secret. It replaces the key the subuser
        has.
      </Typography>
      <TextField
        label="Secret Key"
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        error={tooShort}
        helperText={tooShort ? 'At least 8 characters' : 'Leave empty for RGW to generate one'}
        fullWidth
        autoFocus
      />
    </FormDialog>
  );
}

/**
 * The user's subusers (`uid:name`, Swift clients) with their access and Swift key (issue 36): Add Subuser,
 * New Swift Key (given or generated), Remove Swift Key, Delete.
 */
export function RgwSubusersPanel({ user }: { user: RgwUser }): ReactElement {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [access, setAccess] = useState<(typeof accesses)[number]>('read');
  const [shown, setShown] = useState<string[]>([]);
  const [keyFor, setKeyFor] = useState<string | null>(null);
  const [removeKeyOf, setRemoveKeyOf] = useState<string | null>(null);
  const create = useCreateRgwSubuser(user.uid);
  const remove = useDeleteRgwSubuser(user.uid);
  const removeKey = useDeleteRgwSwiftKey(user.uid);
  const { showMessage, showError, showModalError } = useSnackbar();
  const swiftKey = (id: string) => user.swiftKeys.find((k) => k.user === id)?.secretKey;
  const toggle = (id: string) =>
    setShown(shown.includes(id) ? shown.filter((s) => s !== id) : [...shown, id]);

  return (
    <Box component="section" aria-label="Subusers" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Subusers
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(true)}>
          Add Subuser
        </Button>
      </Box>
      <ListTable
        label="Subusers"
        columns={[
          { header: 'Subuser' },
          { header: 'Access' },
          { header: 'Swift Key' },
          { header: 'Actions', align: 'right' },
        ]}
        rows={user.subusers}
        rowKey={(s) => s.id}
        noRows={<Typography color="text.secondary">This user has no subusers.</Typography>}
        cells={(s) => {
          const secret = swiftKey(s.id);
          const visible = shown.includes(s.id);
          const actions: RowAction[] = [];
          if (secret !== undefined) {
            actions.push({
              title: visible ? 'Hide Swift key' : 'Show Swift key',
              label: `${visible ? 'Hide' : 'Show'} Swift key of ${s.id}`,
              icon: visible ? (
                <VisibilityOffOutlined fontSize="small" />
              ) : (
                <VisibilityOutlined fontSize="small" />
              ),
              onClick: () => toggle(s.id),
            });
          }
          actions.push({
            title: 'New Swift key',
            label: `New Swift key of ${s.id}`,
            icon: <KeyOutlined fontSize="small" />,
            onClick: () => setKeyFor(s.id),
          });
          if (secret !== undefined) {
            actions.push({
              title: 'Remove Swift key',
              label: `Remove Swift key of ${s.id}`,
              icon: <KeyOffOutlined fontSize="small" />,
              onClick: () => setRemoveKeyOf(s.id),
            });
          }
          actions.push({
            title: 'Delete',
            label: `Delete subuser ${s.id}`,
            icon: <DeleteOutlined fontSize="small" />,
            onClick: () =>
              remove.mutate(s.id, {
                onSuccess: () => showMessage(`Subuser ${s.id} deleted.`),
                onError: showError,
              }),
          });
          return (
            <>
              <TableCell>{s.id}</TableCell>
              <TableCell>{s.permissions}</TableCell>
              <TableCell
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                aria-label={`Swift key of ${s.id}`}
              >
                {secret === undefined ? 'None' : visible ? secret : '••••••••••••'}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <RowActions actions={actions} />
              </TableCell>
            </>
          );
        }}
      />
      {keyFor !== null && (
        <SwiftKeyDialog
          uid={user.uid}
          subuser={keyFor}
          onClose={() => setKeyFor(null)}
          onSaved={() => {
            setShown((ids) => (ids.includes(keyFor) ? ids : [...ids, keyFor]));
            setKeyFor(null);
          }}
        />
      )}
      <ConfirmDialog
        open={removeKeyOf !== null}
        title="Remove Swift Key"
        confirmLabel="Remove"
        busy={removeKey.isPending}
        onClose={() => setRemoveKeyOf(null)}
        onConfirm={() =>
          removeKeyOf &&
          removeKey.mutate(removeKeyOf, {
            onSuccess: () => {
              showMessage(`Swift key of ${removeKeyOf} removed.`);
              setRemoveKeyOf(null);
            },
            onError: showModalError,
          })
        }
      >
        Remove the Swift key of <strong>{removeKeyOf}</strong>? Swift clients that sign in with it stop
        working.
      </ConfirmDialog>
      <FormDialog
        open={adding}
        title="Add Subuser"
        onClose={() => setAdding(false)}
        onSubmit={() =>
          name.trim() !== '' &&
          create.mutate(
            { name: name.trim(), access },
            {
              onSuccess: () => {
                showMessage(`Subuser ${user.uid}:${name.trim()} created.`);
                setName('');
                setAdding(false);
              },
              onError: showModalError,
            },
          )
        }
        busy={create.isPending}
        submitLabel="Save"
        submitDisabled={name.trim() === ''}
      >
        <Box sx={{ display: 'flex', gap: 2, pt: 1 }}>
          <TextField
            size="small"
            label="Subuser Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            helperText={`${user.uid}:${name.trim() || 'name'}`}
            autoFocus
          />
          <Pick label="Access" value={access} options={accesses} onChange={setAccess} />
        </Box>
      </FormDialog>
    </Box>
  );
}
