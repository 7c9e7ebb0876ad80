import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  Box,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { links } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePolicies } from '@/shared/identity/list-policies';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { countLabel, ListPageHeader, ListState } from '@/shared/ui/list-state';
import { RowActions } from '@/shared/ui/row-actions';
import { matchesSearch } from '@/shared/ui/search-field';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeletePolicy } from '../api/delete-policy';
import { CreatePolicyDialog } from '../components/create-policy-dialog';

/** /policies (spec 2 §2): search by name, Create Policy, a Name table with view and delete. */
export function PoliciesPage(): ReactElement {
  const policies = usePolicies();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const remove = useDeletePolicy();
  const { showMessage, showModalError } = useSnackbar();
  const navigate = useNavigate();

  const all = policies.data?.policies ?? [];
  const shown = all.filter((p) => matchesSearch(p.name, search));

  return (
    <Box>
      <ListPageHeader
        title="Policies"
        count={policies.data ? countLabel(policies.data.total, 'policy', 'policies') : undefined}
        search={search}
        onSearch={setSearch}
        searchLabel="Search Policies"
        createLabel="Create Policy"
        onCreate={() => setCreating(true)}
      />
      <ListState
        query={policies}
        total={all.length}
        shown={shown.length}
        search={search}
        emptyIcon={<PolicyOutlined />}
        emptyTitle="No Policies Available"
        emptyHint="Policies say what users and groups may do. Create one to get started."
        noun="policy name"
      >
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Policies">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell align="right" sx={{ width: 120 }}>
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((p) => (
                <TableRow key={p.name} hover>
                  <TableCell>
                    <Link component={RouterLink} to={links.policyDetails(p.name)} underline="hover">
                      {p.name}
                    </Link>
                  </TableCell>
                  <TableCell align="right">
                    <RowActions
                      actions={[
                        {
                          title: 'View',
                          label: `View ${p.name}`,
                          icon: <VisibilityOutlined fontSize="small" />,
                          onClick: () => navigate(links.policyDetails(p.name)),
                        },
                        {
                          title: 'Delete',
                          label: `Delete ${p.name}`,
                          icon: <DeleteOutlined fontSize="small" />,
                          onClick: () => setToDelete(p.name),
                        },
                      ]}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListState>
      <CreatePolicyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Policy"
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete, {
            onSuccess: () => {
              showMessage(`Policy ${toDelete} deleted.`);
              setToDelete(null);
            },
            onError: showModalError,
          })
        }
      >
        Are you sure you want to delete policy <strong>{toDelete}</strong>?
      </ConfirmDialog>
    </Box>
  );
}
