// SPDX-License-Identifier: Apache-2.0
import { Box, TextField } from '@mui/material';
import { ldapDnProblem } from '@stowage/contracts';
import { type ReactElement, useEffect, useState } from 'react';
import { FormDialog } from '../../ui/form-dialog';
import { NameChecklist } from '../../ui/name-checklist';
import { useSnackbar } from '../../ui/snackbar';
import { usePolicies } from '../list-policies';
import { useSetLdapPolicies } from './ldap-entities';

/** What the dialog edits: a listed DN with its policies, or `'new'` to assign policies to a DN typed in. */
export type LdapPoliciesTarget = { dn: string; policies: readonly string[] } | 'new' | null;

/**
 * Assign policies to an LDAP user or group DN (issue 23): the DN (typed for a new assignment, fixed for a
 * listed one) and the policy checklist; Save attaches and detaches through PUT /api/v1/ldap-entities/policies.
 * A new assignment needs a well-formed DN and at least one policy; the server checks the DN is in the
 * directory.
 */
export function LdapPoliciesDialog({
  kind,
  target,
  onClose,
}: {
  kind: 'user' | 'group';
  target: LdapPoliciesTarget;
  onClose: () => void;
}): ReactElement {
  const open = target !== null;
  const isNew = target === 'new';
  const [dn, setDn] = useState('');
  const [touched, setTouched] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const policies = usePolicies(open);
  const save = useSetLdapPolicies();
  const { showMessage, showModalError } = useSnackbar();
  useEffect(() => {
    setDn(target !== null && target !== 'new' ? target.dn : '');
    setSelected(target !== null && target !== 'new' ? [...target.policies] : []);
    setTouched(false);
  }, [target]);
  const dnProblem = ldapDnProblem(dn);
  const noun = kind === 'user' ? 'User' : 'Group';
  const submit = (): void => {
    if (dnProblem !== null || (isNew && selected.length === 0)) {
      setTouched(true);
      return;
    }
    save.mutate(
      { entityType: kind, dn: dn.trim(), policies: selected },
      {
        onSuccess: (e) => {
          showMessage(`Policies of ${e.dn} saved.`);
          onClose();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title={isNew ? `Assign Policies to an LDAP ${noun}` : `Policies of ${dn}`}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
      submitLabel="Save"
      submitDisabled={dnProblem !== null || (isNew && selected.length === 0)}
      maxWidth="sm"
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {isNew && (
          <TextField
            label={`${noun} DN`}
            value={dn}
            onChange={(e) => setDn(e.target.value)}
            onBlur={() => setTouched(true)}
            placeholder={
              kind === 'user'
                ? 'uid=alice,ou=people,dc=example,dc=com'
                : 'cn=staff,ou=groups,dc=example,dc=com'
            }
            error={touched && dnProblem !== null}
            helperText={
              touched && dnProblem !== null
                ? dnProblem
                : `The distinguished name of the ${kind} in the LDAP directory.`
            }
            required
            autoFocus
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        )}
        <NameChecklist
          label="Policies"
          names={(policies.data?.policies ?? []).map((p) => p.name)}
          selected={selected}
          onChange={setSelected}
          loading={policies.isPending}
          emptyText="There are no policies yet."
          maxHeight={320}
        />
      </Box>
    </FormDialog>
  );
}
