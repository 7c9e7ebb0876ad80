// SPDX-License-Identifier: Apache-2.0
import { type ReactElement, useEffect, useState } from 'react';
import { usePolicies } from '@/shared/identity/list-policies';
import { useSetPolicy } from '@/shared/identity/set-policy';
import { FormDialog } from '@/shared/ui/form-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { NameChecklist } from '@/shared/ui/name-checklist';
import { useSnackbar } from '@/shared/ui/snackbar';
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
    <FormDialog
      open={group !== null}
      title={`Set Policies of ${group ?? ''}`}
      onClose={onClose}
      onSubmit={save}
      busy={setPolicy.isPending}
      submitLabel="Save"
      submitDisabled={!current.data}
    >
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
    </FormDialog>
  );
}
