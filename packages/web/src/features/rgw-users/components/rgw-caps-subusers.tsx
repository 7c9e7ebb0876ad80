// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Card, Chip, MenuItem, TableCell, TextField, Typography } from '@mui/material';
import type { RgwUser } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { ListTable } from '@/shared/ui/list-page';
import { RowActions } from '@/shared/ui/row-actions';
import { useSnackbar } from '@/shared/ui/snackbar';
import {
  useCreateRgwSubuser,
  useDeleteRgwCap,
  useDeleteRgwSubuser,
  useSetRgwCap,
} from '../api/rgw-user-writes';

const capTypes = ['users', 'buckets', 'metadata', 'usage', 'zone', 'info', 'roles', 'user-policy'] as const;
const capPerms = ['read', 'write', '*'] as const;
const accesses = ['read', 'write', 'readwrite', 'full'] as const;

function Pick<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
}): ReactElement {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      sx={{ minWidth: 150 }}
      slotProps={{
        select: { SelectDisplayProps: { 'aria-label': label, 'aria-labelledby': undefined } as object },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The user's admin caps: each removable, Add Cap sets one type's permission. */
export function RgwCapsCard({ user }: { user: RgwUser }): ReactElement {
  const [adding, setAdding] = useState(false);
  const [type, setType] = useState<(typeof capTypes)[number]>('usage');
  const [perm, setPerm] = useState<(typeof capPerms)[number]>('read');
  const set = useSetRgwCap(user.uid);
  const remove = useDeleteRgwCap(user.uid);
  const { showMessage, showError, showModalError } = useSnackbar();
  return (
    <Card component="section" aria-label="Caps" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Caps
        </Typography>
        <Button startIcon={<AddOutlined />} onClick={() => setAdding(true)}>
          Add Cap
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {user.caps.length === 0 && (
          <Typography color="text.secondary">No admin caps: the user has S3 only.</Typography>
        )}
        {user.caps.map((c) => (
          <Chip
            key={c.type}
            variant="outlined"
            label={`${c.type}=${c.perm}`}
            onDelete={() =>
              remove.mutate(c.type, {
                onSuccess: () => showMessage(`Cap ${c.type} removed from ${user.uid}.`),
                onError: showError,
              })
            }
          />
        ))}
      </Box>
      <FormDialog
        open={adding}
        title="Add Cap"
        onClose={() => setAdding(false)}
        onSubmit={() =>
          set.mutate(
            { type, perm },
            {
              onSuccess: () => {
                showMessage(`Cap ${type}=${perm} set on ${user.uid}.`);
                setAdding(false);
              },
              onError: showModalError,
            },
          )
        }
        busy={set.isPending}
        submitLabel="Save"
      >
        <Box sx={{ display: 'flex', gap: 2, pt: 1 }}>
          <Pick label="Cap Type" value={type} options={capTypes} onChange={setType} />
          <Pick label="Permission" value={perm} options={capPerms} onChange={setPerm} />
        </Box>
      </FormDialog>
    </Card>
  );
}

/** The user's subusers (`uid:name`, Swift clients) with their access; Add Subuser and Delete. */
export function RgwSubusersPanel({ user }: { user: RgwUser }): ReactElement {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [access, setAccess] = useState<(typeof accesses)[number]>('read');
  const create = useCreateRgwSubuser(user.uid);
  const remove = useDeleteRgwSubuser(user.uid);
  const { showMessage, showError, showModalError } = useSnackbar();
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
        columns={[{ header: 'Subuser' }, { header: 'Access' }, { header: 'Actions', align: 'right' }]}
        rows={user.subusers}
        rowKey={(s) => s.id}
        noRows={<Typography color="text.secondary">This user has no subusers.</Typography>}
        cells={(s) => (
          <>
            <TableCell>{s.id}</TableCell>
            <TableCell>{s.permissions}</TableCell>
            <TableCell align="right">
              <RowActions
                actions={[
                  {
                    title: 'Delete',
                    label: `Delete subuser ${s.id}`,
                    icon: <DeleteOutlined fontSize="small" />,
                    onClick: () =>
                      remove.mutate(s.id, {
                        onSuccess: () => showMessage(`Subuser ${s.id} deleted.`),
                        onError: showError,
                      }),
                  },
                ]}
              />
            </TableCell>
          </>
        )}
      />
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
