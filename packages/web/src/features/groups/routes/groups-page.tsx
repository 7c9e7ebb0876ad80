import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { type ReactElement, useState } from 'react';
import { useGroups } from '@/shared/identity/list-groups';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { matchesSearch, SearchField } from '@/shared/ui/search-field';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeleteGroup } from '../api/delete-group';
import { CreateGroupDialog } from '../components/create-group-dialog';
import { EditGroupDialog } from '../components/edit-group-dialog';
import { SetGroupPoliciesDialog } from '../components/set-group-policies-dialog';

/**
 * /groups (spec 2 §2): search, Create Group, a Name table with view/edit (members and status), set
 * policies and delete (after confirmation); 'No Groups Available' when empty.
 */
export function GroupsPage(): ReactElement {
  const groups = useGroups();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [policiesOf, setPoliciesOf] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const remove = useDeleteGroup();
  const { showMessage, showModalError } = useSnackbar();

  const all = groups.data?.groups ?? [];
  const shown = all.filter((g) => matchesSearch(g, search));

  return (
    <Box>
      <PageHeader
        title="Groups"
        subtitle={
          groups.data ? `${groups.data.total} ${groups.data.total === 1 ? 'group' : 'groups'}` : undefined
        }
        actions={
          <>
            <SearchField label="Search Groups" value={search} onChange={setSearch} />
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
              Create Group
            </Button>
          </>
        }
      />
      {groups.isPending ? (
        <LoadingMessage />
      ) : groups.isError ? (
        <Alert severity="error">
          {groups.error.message}
          {groups.error.detail ? ` — ${groups.error.detail}` : ''}
        </Alert>
      ) : shown.length === 0 ? (
        <EmptyState icon={<GroupsOutlined />} title="No Groups Available">
          {all.length === 0
            ? 'Groups give the same policies to many users at once. Create one to get started.'
            : `No group name contains “${search.trim()}”.`}
        </EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Groups">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell align="right" sx={{ width: 160 }}>
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((g) => (
                <TableRow key={g} hover>
                  <TableCell>{g}</TableCell>
                  <TableCell align="right">
                    <Tooltip title="View / Edit">
                      <IconButton size="small" aria-label={`Edit ${g}`} onClick={() => setEditing(g)}>
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Set Policies">
                      <IconButton
                        size="small"
                        aria-label={`Set policies of ${g}`}
                        onClick={() => setPoliciesOf(g)}
                      >
                        <DescriptionOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton size="small" aria-label={`Delete ${g}`} onClick={() => setToDelete(g)}>
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <CreateGroupDialog open={creating} onClose={() => setCreating(false)} />
      <EditGroupDialog group={editing} onClose={() => setEditing(null)} />
      <SetGroupPoliciesDialog group={policiesOf} onClose={() => setPoliciesOf(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Group"
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete, {
            onSuccess: () => {
              showMessage(`Group ${toDelete} deleted.`);
              setToDelete(null);
            },
            onError: showModalError,
          })
        }
      >
        Are you sure you want to delete group <strong>{toDelete}</strong>? Its members lose the group’s
        policies.
      </ConfirmDialog>
    </Box>
  );
}
