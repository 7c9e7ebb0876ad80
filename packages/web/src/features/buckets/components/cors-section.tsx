// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  IconButton,
  Paper,
  Skeleton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { corsMethods } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useBucketCors, useSetBucketCors } from '../api/bucket-cors';
import { type CorsRuleForm, corsFromForm, corsRuleToForm, emptyCorsRule } from '../lib/cors-form';
import { EditButton, Section, StateChip } from './setting-section';

/** The rule's free-text fields after origins and methods, in the order the dialog shows them. */
const TEXT_FIELDS = [
  ['headers', 'Allowed Headers'],
  ['exposeHeaders', 'Expose Headers'],
  ['maxAge', 'Max Age (seconds)'],
  ['id', 'Rule ID'],
] as const satisfies readonly (readonly [keyof CorsRuleForm, string])[];

/**
 * The bucket's CORS rules in the summary (issue 36; S3's GetBucketCors/PutBucketCors): how many, their
 * origins, and Edit CORS, which replaces the whole set.
 */
export function CorsSection({ bucket }: { bucket: string }): ReactElement {
  const cors = useBucketCors(bucket, true);
  const [editing, setEditing] = useState(false);
  const rules = cors.data?.rules ?? [];
  return (
    <>
      <Section
        title="CORS"
        label="CORS value"
        value={
          cors.isPending ? (
            <Skeleton width={120} />
          ) : cors.isError ? (
            '-'
          ) : rules.length === 0 ? (
            <StateChip on={false} />
          ) : (
            `${rules.length} ${rules.length === 1 ? 'rule' : 'rules'}`
          )
        }
        detail={
          cors.isError
            ? cors.error.message
            : rules.length === 0
              ? 'Browsers on other sites may not call this bucket.'
              : `Origins: ${[...new Set(rules.flatMap((r) => r.allowedOrigins))].join(', ')}`
        }
        action={<EditButton label="Edit CORS" onClick={() => setEditing(true)} disabled={cors.isPending} />}
      />
      {editing && (
        <EditCorsDialog
          bucket={bucket}
          initial={rules.map(corsRuleToForm)}
          onClose={() => setEditing(false)}
        />
      )}
    </>
  );
}

function EditCorsDialog({
  bucket,
  initial,
  onClose,
}: {
  bucket: string;
  initial: CorsRuleForm[];
  onClose: () => void;
}): ReactElement {
  const save = useSetBucketCors(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const [rules, setRules] = useState<CorsRuleForm[]>(initial.length > 0 ? initial : [emptyCorsRule]);
  const result = corsFromForm(rules);
  const change = (i: number, patch: Partial<CorsRuleForm>): void =>
    setRules((old) => old.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <FormDialog
      open
      title="Edit CORS"
      submitLabel="Save"
      busy={save.isPending}
      submitDisabled={!result.ok}
      onClose={onClose}
      onSubmit={() =>
        result.ok &&
        save.mutate(result.value, {
          onSuccess: (saved) => {
            showMessage(saved.rules.length === 0 ? 'CORS rules removed.' : 'CORS rules saved.');
            onClose();
          },
          onError: showModalError,
        })
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Each rule lets web pages from its origins call this bucket with its methods. Separate several values
        with commas; <code>*</code> matches any origin or header. Saving without rules removes them all.
      </Typography>
      {rules.map((r, i) => (
        <Paper
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity of their own while edited
          key={i}
          variant="outlined"
          component="fieldset"
          aria-label={`CORS rule ${i + 1}`}
          sx={{ p: 1.5, mb: 1.5, border: 1, borderColor: 'divider' }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
            <Typography sx={{ flex: 1, fontWeight: 600 }}>Rule {i + 1}</Typography>
            <Tooltip title="Remove rule">
              <IconButton
                aria-label={`Remove rule ${i + 1}`}
                size="small"
                onClick={() => setRules((old) => old.filter((_, j) => j !== i))}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
          <TextField
            fullWidth
            size="small"
            label="Allowed Origins"
            placeholder="https://app.example.com"
            value={r.origins}
            onChange={(e) => change(i, { origins: e.target.value })}
          />
          <FormGroup row aria-label={`Allowed methods of rule ${i + 1}`} sx={{ my: 0.5 }}>
            {corsMethods.map((m) => (
              <FormControlLabel
                key={m}
                label={m}
                control={
                  <Checkbox
                    size="small"
                    checked={r.methods.includes(m)}
                    onChange={(e) =>
                      change(i, {
                        methods: e.target.checked ? [...r.methods, m] : r.methods.filter((x) => x !== m),
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {TEXT_FIELDS.map(([key, label]) => (
              <TextField
                key={key}
                size="small"
                label={label}
                value={r[key]}
                onChange={(e) => change(i, { [key]: e.target.value })}
              />
            ))}
          </Box>
        </Paper>
      ))}
      <Button startIcon={<AddOutlined />} onClick={() => setRules((old) => [...old, emptyCorsRule])}>
        Add Rule
      </Button>
      {!result.ok && rules.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {result.error}
        </Alert>
      )}
    </FormDialog>
  );
}
