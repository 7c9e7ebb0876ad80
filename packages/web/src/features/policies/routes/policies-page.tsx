import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { links } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePolicies } from '@/shared/identity/list-policies';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { matchesSearch, SearchField } from '@/shared/ui/search-field';
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
      <PageHeader
        title="Policies"
        subtitle={
          policies.data
            ? `${policies.data.total} ${policies.data.total === 1 ? 'policy' : 'policies'}`
            : undefined
        }
        actions={
          <>
            <SearchField label="Search Policies" value={search} onChange={setSearch} />
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
              Create Policy
            </Button>
          </>
        }
      />
      {policies.isPending ? (
        <LoadingMessage />
      ) : policies.isError ? (
        <Alert severity="error">
          {policies.error.message}
          {policies.error.detail ? ` — ${policies.error.detail}` : ''}
        </Alert>
      ) : shown.length === 0 ? (
        <EmptyState icon={<PolicyOutlined />} title="No Policies Available">
          {all.length === 0
            ? 'Policies say what users and groups may do. Create one to get started.'
            : `No policy name contains “${search.trim()}”.`}
        </EmptyState>
      ) : (
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
                    <Tooltip title="View">
                      <IconButton
                        size="small"
                        aria-label={`View ${p.name}`}
                        onClick={() => navigate(links.policyDetails(p.name))}
                      >
                        <VisibilityOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton
                        size="small"
                        aria-label={`Delete ${p.name}`}
                        onClick={() => setToDelete(p.name)}
                      >
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
