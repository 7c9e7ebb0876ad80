// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Button, TableCell, Typography } from '@mui/material';
import type { LifecycleRule } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { type ListColumn, ListTable } from '@/shared/ui/list-page';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { RowActions } from '@/shared/ui/row-actions';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useChangeLifecycle, useLifecycleRules } from '../api/lifecycle-rules';
import { whenText } from '../lib/lifecycle-form';
import { LifecycleRuleDialog } from './lifecycle-rule-dialog';

const columns: ListColumn[] = [
  ...['ID', 'Prefix', 'Status', 'Expiration', 'Transition', 'Storage Class'].map((header) => ({ header })),
  { header: 'Options', align: 'right', width: 100 },
];

/**
 * Lifecycle (spec 1 §2.5): table ID, Prefix, Status, Expiration, Transition, Storage Class; the empty text;
 * 'Add Lifecycle Rule'; row edit, and delete (beyond the spec, issue 19). A failed load is silent (§8):
 * the table shows no rules.
 */
export function LifecyclePanel({ bucket }: { bucket: string }): ReactElement {
  const rules = useLifecycleRules(bucket);
  const change = useChangeLifecycle(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<LifecycleRule | null>(null);
  const [deleting, setDeleting] = useState<LifecycleRule | null>(null);
  const list = rules.data?.lifecycle ?? [];

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          Expire objects or move them to a remote tier after a time.
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(true)}>
          Add Lifecycle Rule
        </Button>
      </Box>
      {rules.isPending ? (
        <LoadingMessage />
      ) : (
        <ListTable
          label="Lifecycle rules"
          columns={columns}
          rows={list}
          rowKey={(rule) => rule.id}
          noRows={
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              There are no Lifecycle rules yet
            </Typography>
          }
          cells={(rule) => (
            <>
              <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>
                {rule.id}
              </TableCell>
              <TableCell>{rule.prefix}</TableCell>
              <TableCell>{rule.status}</TableCell>
              <TableCell>{whenText(rule.expiration)}</TableCell>
              <TableCell>{whenText(rule.transition)}</TableCell>
              <TableCell>{rule.transition.storage_class}</TableCell>
              <TableCell align="right">
                <RowActions
                  actions={[
                    {
                      title: 'Edit',
                      label: `Edit ${rule.id}`,
                      icon: <EditOutlined fontSize="small" />,
                      onClick: () => setEditing(rule),
                    },
                    {
                      title: 'Delete',
                      label: `Delete ${rule.id}`,
                      icon: <DeleteOutlined fontSize="small" />,
                      onClick: () => setDeleting(rule),
                    },
                  ]}
                />
              </TableCell>
            </>
          )}
        />
      )}
      {adding && <LifecycleRuleDialog bucket={bucket} onClose={() => setAdding(false)} />}
      {editing && <LifecycleRuleDialog bucket={bucket} rule={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          title="Delete Lifecycle Rule"
          confirmLabel="Delete"
          danger
          busy={change.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            change.mutate(
              { kind: 'delete', id: deleting.id },
              {
                onSuccess: () => {
                  showMessage('Lifecycle rule deleted.');
                  setDeleting(null);
                },
                onError: showModalError,
              },
            )
          }
        >
          <Typography>
            Are you sure you want to delete the lifecycle rule <strong>{deleting.id}</strong>?
          </Typography>
        </ConfirmDialog>
      )}
    </Box>
  );
}
