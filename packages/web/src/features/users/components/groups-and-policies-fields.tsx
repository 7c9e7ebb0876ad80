// SPDX-License-Identifier: Apache-2.0
import type { ReactElement } from 'react';
import { useGroups } from '@/shared/identity/list-groups';
import { usePolicies } from '@/shared/identity/list-policies';
import { NameChecklist } from '@/shared/ui/name-checklist';

/**
 * The Groups and Policies checklists of the user dialogs (Create User, Edit User): every group and policy
 * that exists (loaded while `open`), the checked ones in `groups` / `policies`.
 */
export function GroupsAndPoliciesFields({
  open,
  groups,
  onGroups,
  policies,
  onPolicies,
}: {
  open: boolean;
  groups: string[];
  onGroups: (next: string[]) => void;
  policies: string[];
  onPolicies: (next: string[]) => void;
}): ReactElement {
  const groupList = useGroups(open);
  const policyList = usePolicies(open);
  return (
    <>
      <NameChecklist
        label="Groups"
        names={groupList.data?.groups ?? []}
        selected={groups}
        onChange={onGroups}
        loading={groupList.isPending}
        emptyText="There are no groups yet."
      />
      <NameChecklist
        label="Policies"
        names={(policyList.data?.policies ?? []).map((p) => p.name)}
        selected={policies}
        onChange={onPolicies}
        loading={policyList.isPending}
        emptyText="There are no policies yet."
      />
    </>
  );
}
