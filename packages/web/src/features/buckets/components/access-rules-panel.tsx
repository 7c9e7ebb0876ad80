// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  Alert,
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
import type { AccessRule } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeleteAccessRule } from '../api/delete-access-rule';
import { useAccessRules } from '../api/list-access-rules';
import { AccessRuleDialog } from './access-rule-dialog';

/**
 * Access Rules (spec 1 §2.5): anonymous access per prefix, stored in the bucket policy — a table of Prefix
 * and Access with view (edit) and delete actions, and 'Add Access Rule'.
 */
export function AccessRulesPanel({ bucket }: { bucket: string }): ReactElement {
  const rules = useAccessRules(bucket);
  const remove = useDeleteAccessRule(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AccessRule | null>(null);
  const [deleting, setDeleting] = useState<AccessRule | null>(null);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          Give everyone access to the objects under a prefix: anonymous requests and signed-in users alike (a
          bucket policy applies to both).
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(true)}>
          Add Access Rule
        </Button>
      </Box>
      {rules.isPending ? (
        <LoadingMessage />
      ) : rules.isError ? (
        <Alert severity="error">
          {rules.error.message}
          {rules.error.detail ? ` — ${rules.error.detail}` : ''}
        </Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Access Rules">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>Prefix</TableCell>
                <TableCell sx={{ fontWeight: 700 }}>Access</TableCell>
                <TableCell sx={{ fontWeight: 700, width: 120 }} align="right">
                  Options
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rules.data.accessRules.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={3}>
                    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                      There are no Access Rules yet.
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : (
                rules.data.accessRules.map((rule) => (
                  <TableRow key={rule.prefix} hover sx={{ height: 40 }}>
                    <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>
                      {rule.prefix === '' ? '/ (whole bucket)' : rule.prefix}
                    </TableCell>
                    <TableCell>{rule.access}</TableCell>
                    <TableCell align="right">
                      <Tooltip title="View">
                        <IconButton
                          size="small"
                          aria-label={`View ${rule.prefix}`}
                          onClick={() => setEditing(rule)}
                        >
                          <VisibilityOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Delete">
                        <IconButton
                          size="small"
                          aria-label={`Delete ${rule.prefix}`}
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
      {adding && <AccessRuleDialog bucket={bucket} open onClose={() => setAdding(false)} />}
      {editing && <AccessRuleDialog bucket={bucket} rule={editing} open onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          title="Delete Access Rule"
          confirmLabel="Delete"
          danger
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(
              { prefix: deleting.prefix },
              {
                onSuccess: () => {
                  showMessage('Access rule deleted.');
                  setDeleting(null);
                },
                onError: showModalError,
              },
            )
          }
        >
          <Typography>
            Are you sure you want to delete the access rule for <strong>{deleting.prefix || '/'}</strong>?
          </Typography>
        </ConfirmDialog>
      )}
    </Box>
  );
}
