// SPDX-License-Identifier: Apache-2.0
import { Alert, TextField } from '@mui/material';
import { type ReactElement, useEffect, useState } from 'react';
import { errorText } from '@/shared/api/api-error';
import { FormDialog } from '@/shared/ui/form-dialog';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useSaveTenantYaml, useTenantYaml } from '../api/tenant';

/**
 * Edit YAML (spec 3 §2, §5, §8): the tenant as a Tenant v2 document; Save is off while the text is empty
 * or a save runs; the server's errorMessage shows inside the dialog and nothing changes.
 */
export function YamlDialog({
  ns,
  tenant,
  onClose,
}: {
  ns: string;
  tenant: string;
  onClose: () => void;
}): ReactElement {
  const yaml = useTenantYaml(ns, tenant);
  const save = useSaveTenantYaml(ns, tenant);
  const { showMessage } = useSnackbar();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (yaml.data && text === null) setText(yaml.data.yaml);
  }, [yaml.data, text]);

  const submit = (): void => {
    if (!text || text.trim() === '') return;
    save.mutate(
      { yaml: text },
      {
        onSuccess: () => {
          showMessage('Tenant YAML saved.');
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      open
      title="Edit YAML"
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
      maxWidth="md"
      submitLabel="Save"
      submitDisabled={text === null || text.trim() === ''}
    >
      {save.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errorText(save.error)}
        </Alert>
      )}
      {yaml.isError && <Alert severity="error">{errorText(yaml.error)}</Alert>}
      {yaml.isPending ? (
        <LoadingMessage />
      ) : (
        text !== null && (
          <TextField
            multiline
            fullWidth
            minRows={18}
            maxRows={30}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{
              htmlInput: {
                'aria-label': 'Tenant YAML',
                spellCheck: false,
                style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 },
              },
            }}
          />
        )
      )}
    </FormDialog>
  );
}
