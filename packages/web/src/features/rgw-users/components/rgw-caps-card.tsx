// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Box, Button, Card, Chip, Typography } from '@mui/material';
import type { RgwUser } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeleteRgwCap, useSetRgwCap } from '../api/rgw-user-writes';
import { Pick } from './rgw-pick';

const capTypes = ['users', 'buckets', 'metadata', 'usage', 'zone', 'info', 'roles', 'user-policy'] as const;
const capPerms = ['read', 'write', '*'] as const;

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
