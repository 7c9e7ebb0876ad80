import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Box,
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { LifecycleRule } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useChangeLifecycle, useLifecycleRules } from '../api/lifecycle-rules';
import { whenText } from '../lib/lifecycle-form';
import { LifecycleRuleDialog } from './lifecycle-rule-dialog';

const columns = ['ID', 'Prefix', 'Status', 'Expiration', 'Transition', 'Storage Class'];

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
        <TableContainer>
          <Table size="small" aria-label="Lifecycle rules">
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c} sx={{ fontWeight: 700 }}>
                    {c}
                  </TableCell>
                ))}
                <TableCell sx={{ fontWeight: 700, width: 100 }} align="right">
                  Options
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns.length + 1}>
                    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                      There are no Lifecycle rules yet
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : (
                list.map((rule) => (
                  <TableRow key={rule.id} hover sx={{ height: 40 }}>
                    <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>
                      {rule.id}
                    </TableCell>
                    <TableCell>{rule.prefix}</TableCell>
                    <TableCell>{rule.status}</TableCell>
                    <TableCell>{whenText(rule.expiration)}</TableCell>
                    <TableCell>{whenText(rule.transition)}</TableCell>
                    <TableCell>{rule.transition.storage_class}</TableCell>
                    <TableCell align="right">
                      <Tooltip title="Edit">
                        <IconButton
                          size="small"
                          aria-label={`Edit ${rule.id}`}
                          onClick={() => setEditing(rule)}
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Delete">
                        <IconButton
                          size="small"
                          aria-label={`Delete ${rule.id}`}
                          onClick={() => setDeleting(rule)}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
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
