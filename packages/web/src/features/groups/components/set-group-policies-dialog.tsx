import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type ReactElement, useEffect, useState } from 'react';
import { usePolicies } from '@/shared/identity/list-policies';
import { useSetPolicy } from '@/shared/identity/set-policy';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { NameChecklist } from '@/shared/ui/name-checklist';
import { ModalSnackbar, useSnackbar } from '@/shared/ui/snackbar';
import { useGroup } from '../api/get-group';

/** Set policies of a group (spec 2 §2 "description (set policies)"), through PUT /api/v1/set-policy. */
export function SetGroupPoliciesDialog({
  group,
  onClose,
}: {
  group: string | null;
  onClose: () => void;
}): ReactElement {
  const current = useGroup(group);
  const policies = usePolicies(group !== null);
  const setPolicy = useSetPolicy();
  const { showMessage, showModalError } = useSnackbar();
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    if (current.data) setSelected(current.data.policy.split(',').filter((p) => p.trim() !== ''));
  }, [current.data]);
  const save = (): void => {
    if (group === null) return;
    setPolicy.mutate(
      { name: selected, entityName: group, entityType: 'group' },
      {
        onSuccess: () => {
          showMessage(`Policies of ${group} saved.`);
          onClose();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <Dialog open={group !== null} onClose={setPolicy.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <ModalSnackbar />
      <DialogTitle>Set Policies of {group}</DialogTitle>
      <DialogContent>
        {current.isPending ? (
          <LoadingMessage />
        ) : (
          <NameChecklist
            label="Policies"
            names={(policies.data?.policies ?? []).map((p) => p.name)}
            selected={selected}
            onChange={setSelected}
            loading={policies.isPending}
            emptyText="There are no policies yet."
            maxHeight={360}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={setPolicy.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={setPolicy.isPending || !current.data}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
