// SPDX-License-Identifier: Apache-2.0
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { Alert, Box, Button, IconButton, Link, Tab, Tabs, Tooltip } from '@mui/material';
import { links, pagePaths, policyJsonProblem } from '@stowage/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { identityKeys } from '@/shared/identity/identity-keys';
import { PolicyEditor } from '@/shared/identity/policy-editor';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDeletePolicy } from '../api/delete-policy';
import { usePolicy } from '../api/get-policy';
import { usePolicyEntities } from '../api/list-policy-entities';
import { useUpdatePolicy } from '../api/update-policy';
import { EntityNameList } from '../components/entity-name-list';
import { PolicySummary } from '../components/policy-summary';

type PolicyTab = 'summary' | 'users' | 'groups' | 'json';

/**
 * /policies/{name} (spec 2 §2): tabs Summary, Users, Groups, JSON (editor with Save → 'Policy
 * successfully updated.', spec 2 §8); Delete and Refresh in the header; the name is not editable.
 */
export function PolicyDetailsPage(): ReactElement {
  const name = useParams()['*'] ?? '';
  const policy = usePolicy(name);
  const users = usePolicyEntities(name, 'users');
  const groups = usePolicyEntities(name, 'groups');
  const update = useUpdatePolicy(name);
  const remove = useDeletePolicy();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showMessage, showError, showModalError } = useSnackbar();
  const [tab, setTab] = useState<PolicyTab>('summary');
  const [draft, setDraft] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  // A refresh or a save resets the editor to what the server holds.
  const serverText = policy.data?.policy;
  useEffect(() => setDraft(serverText ?? null), [serverText]);

  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: identityKeys.policy(name) });
    void queryClient.invalidateQueries({ queryKey: identityKeys.policyUsers(name) });
    void queryClient.invalidateQueries({ queryKey: identityKeys.policyGroups(name) });
  };
  const save = (): void => {
    if (draft === null) return;
    update.mutate(draft, {
      onSuccess: () => showMessage('Policy successfully updated.'),
      onError: showError,
    });
  };

  return (
    <Box>
      <Link
        component={RouterLink}
        to={pagePaths.policies}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        <ArrowBackOutlined fontSize="small" /> Policies
      </Link>
      <PageHeader
        title={name}
        subtitle="Policy"
        actions={
          <>
            <Tooltip title="Refresh">
              <IconButton aria-label="Refresh" onClick={refresh}>
                <RefreshOutlined />
              </IconButton>
            </Tooltip>
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutlined />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          </>
        }
      />
      {policy.isPending ? (
        <LoadingMessage />
      ) : policy.isError ? (
        <Alert severity="error">
          {policy.error.message}
          {policy.error.detail ? ` — ${policy.error.detail}` : ''}
        </Alert>
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(_, v: PolicyTab) => setTab(v)}
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="summary" label="Summary" />
            <Tab value="users" label="Users" />
            <Tab value="groups" label="Groups" />
            <Tab value="json" label="JSON" />
          </Tabs>
          {tab === 'summary' && <PolicySummary policy={policy.data.policy} />}
          {tab === 'users' && <EntityNameList query={users} label="Users" linkTo={links.userDetails} />}
          {tab === 'groups' && <EntityNameList query={groups} label="Groups" />}
          {tab === 'json' && draft !== null && (
            <Box>
              <PolicyEditor value={draft} onChange={setDraft} minHeight={360} />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
                <Button onClick={() => setDraft(policy.data.policy)} disabled={draft === policy.data.policy}>
                  Reset
                </Button>
                <Button
                  variant="contained"
                  onClick={save}
                  disabled={update.isPending || policyJsonProblem(draft) !== null}
                >
                  Save
                </Button>
              </Box>
            </Box>
          )}
        </>
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete Policy"
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(name, {
            onSuccess: () => {
              showMessage(`Policy ${name} deleted.`);
              navigate(pagePaths.policies);
            },
            onError: showModalError,
          })
        }
      >
        Are you sure you want to delete policy <strong>{name}</strong>?
      </ConfirmDialog>
    </Box>
  );
}
