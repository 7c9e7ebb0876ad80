// SPDX-License-Identifier: Apache-2.0
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import RadioButtonUncheckedOutlined from '@mui/icons-material/RadioButtonUncheckedOutlined';
import {
  Box,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
  Skeleton,
  Switch,
  Typography,
} from '@mui/material';
import {
  type BucketPublicAccessBlock,
  type ObjectOwnership,
  objectOwnershipSchema,
  type PublicAccessBlock,
  publicAccessBlockFields,
} from '@stowage/contracts';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactElement, type ReactNode, useState } from 'react';
import type { ApiError } from '@/shared/api/api-error';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import {
  useChangeOwnershipControls,
  useChangePublicAccessBlock,
  useOwnershipControls,
  usePublicAccessBlock,
} from '../api/bucket-access';
import { objectOwnershipTexts, ownershipLabel, publicAccessBlockTexts } from '../lib/access-controls';
import type { BucketFeatures } from '../lib/bucket-features';
import { EditButton, RemoveButton, Section, StateChip } from './setting-section';

/**
 * The bucket's access controls beside its policy (issue 36, through S3): the public access block and
 * Object Ownership, each shown where the sign-in probe found the server answering it; elsewhere the card
 * says the server lacks it.
 */
export function AccessControlsSection({
  bucket,
  features,
}: {
  bucket: string;
  features: BucketFeatures;
}): ReactElement {
  return (
    <Box component="section" aria-label="Access controls" sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
        Access controls
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {features.publicAccessBlock ? (
          <PublicAccessBlockCard bucket={bucket} />
        ) : (
          <AbsentCard title="Public Access Block" name="public access blocks" query="publicAccessBlock" />
        )}
        {features.ownershipControls ? (
          <OwnershipCard bucket={bucket} />
        ) : (
          <AbsentCard title="Object Ownership" name="object ownership controls" query="ownershipControls" />
        )}
      </Box>
    </Box>
  );
}

function AbsentCard({ title, name, query }: { title: string; name: string; query: string }): ReactElement {
  return (
    <Section
      title={title}
      label={`${title} value`}
      value="Not available"
      detail={`This server does not provide ${name}: it did not answer GET ?${query} when you signed in, so this setting cannot be read or changed here.`}
    />
  );
}

/** One access setting's card: its value, Edit (a dialog) and Remove (after a confirmation). */
function AccessSettingCard<T extends { configured: boolean }, B>({
  title,
  query,
  change,
  value,
  detail,
  removed,
  removeQuestion,
  renderEdit,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  /** PUT with a body, DELETE with undefined. */
  change: UseMutationResult<T, ApiError, B | undefined>;
  value: (data: T) => ReactNode;
  detail: (data: T | undefined) => string;
  /** The snackbar's words once removed. */
  removed: string;
  removeQuestion: ReactNode;
  renderEdit: (data: T, onClose: () => void) => ReactElement;
  children?: (data: T) => ReactNode;
}): ReactElement {
  const { showMessage, showModalError } = useSnackbar();
  const [modal, setModal] = useState<'edit' | 'remove' | null>(null);
  const close = (): void => setModal(null);
  return (
    <>
      <Section
        title={title}
        label={`${title} value`}
        value={query.isPending ? <Skeleton width={120} /> : query.isError ? '-' : value(query.data)}
        detail={query.isError ? query.error.message : detail(query.data)}
        action={
          <>
            <EditButton label={`Edit ${title}`} onClick={() => setModal('edit')} disabled={!query.data} />
            <RemoveButton
              label={`Remove ${title}`}
              onClick={() => setModal('remove')}
              disabled={!query.data?.configured}
            />
          </>
        }
      >
        {query.data && children?.(query.data)}
      </Section>
      {modal === 'edit' && query.data && renderEdit(query.data, close)}
      <ConfirmDialog
        open={modal === 'remove'}
        title={`Remove ${title}`}
        confirmLabel="Remove"
        busy={change.isPending}
        onClose={close}
        onConfirm={() =>
          change.mutate(undefined, {
            onSuccess: () => {
              showMessage(removed);
              close();
            },
            onError: showModalError,
          })
        }
      >
        {removeQuestion}
      </ConfirmDialog>
    </>
  );
}

const onCount = (pab: BucketPublicAccessBlock): number =>
  publicAccessBlockFields.filter((f) => pab[f]).length;

function PublicAccessBlockCard({ bucket }: { bucket: string }): ReactElement {
  return (
    <AccessSettingCard
      title="Public Access Block"
      query={usePublicAccessBlock(bucket, true)}
      change={useChangePublicAccessBlock(bucket)}
      value={(pab) => (
        <StateChip
          on={onCount(pab) > 0}
          onLabel={`${onCount(pab)} of 4 on`}
          offLabel={pab.configured ? 'All off' : 'Not set'}
        />
      )}
      detail={() => 'Guards against public access, whatever a policy or ACL would grant.'}
      removed="Public access block removed."
      removeQuestion={
        <>
          Remove the public access block of <strong>{bucket}</strong>? Its bucket policy and ACLs then decide
          alone whether anyone without credentials gets in.
        </>
      }
      renderEdit={(pab, onClose) => (
        <EditPublicAccessBlockDialog bucket={bucket} current={pab} onClose={onClose} />
      )}
    >
      {(pab) => (
        <Box component="ul" aria-label="Public access block settings" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {publicAccessBlockFields.map((f) => (
            <Box
              component="li"
              key={f}
              aria-label={`${publicAccessBlockTexts[f].label}: ${pab[f] ? 'on' : 'off'}`}
              sx={{ display: 'flex', gap: 1, py: 0.5 }}
            >
              {pab[f] ? (
                <CheckCircleOutlined fontSize="small" color="success" />
              ) : (
                <RadioButtonUncheckedOutlined fontSize="small" color="disabled" />
              )}
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {publicAccessBlockTexts[f].label}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {publicAccessBlockTexts[f].meaning}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </AccessSettingCard>
  );
}

function EditPublicAccessBlockDialog({
  bucket,
  current,
  onClose,
}: {
  bucket: string;
  current: PublicAccessBlock;
  onClose: () => void;
}): ReactElement {
  const change = useChangePublicAccessBlock(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const [form, setForm] = useState<PublicAccessBlock>(() => ({
    blockPublicAcls: current.blockPublicAcls,
    ignorePublicAcls: current.ignorePublicAcls,
    blockPublicPolicy: current.blockPublicPolicy,
    restrictPublicBuckets: current.restrictPublicBuckets,
  }));
  return (
    <FormDialog
      open
      title="Edit Public Access Block"
      submitLabel="Save"
      busy={change.isPending}
      onClose={onClose}
      onSubmit={() =>
        change.mutate(form, {
          onSuccess: () => {
            showMessage('Public access block saved.');
            onClose();
          },
          onError: showModalError,
        })
      }
    >
      {publicAccessBlockFields.map((f) => (
        <Box key={f} sx={{ mb: 1 }}>
          <FormControlLabel
            label={publicAccessBlockTexts[f].label}
            control={
              <Switch
                checked={form[f]}
                onChange={(e) => setForm((old) => ({ ...old, [f]: e.target.checked }))}
              />
            }
          />
          <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{publicAccessBlockTexts[f].meaning}</FormHelperText>
        </Box>
      ))}
    </FormDialog>
  );
}

function OwnershipCard({ bucket }: { bucket: string }): ReactElement {
  return (
    <AccessSettingCard
      title="Object Ownership"
      query={useOwnershipControls(bucket, true)}
      change={useChangeOwnershipControls(bucket)}
      value={({ objectOwnership: o }) =>
        o === null ? <StateChip on={false} offLabel="Not set" /> : objectOwnershipTexts[o].name
      }
      detail={(data) => {
        const o = data?.objectOwnership ?? null;
        return o === null
          ? 'No ownership controls: ACLs apply and each object belongs to the account that uploaded it.'
          : `${objectOwnershipTexts[o].acls}. ${objectOwnershipTexts[o].meaning}`;
      }}
      removed="Object ownership controls removed."
      removeQuestion={
        <>
          Remove the ownership controls of <strong>{bucket}</strong>? ACLs then apply, and new objects belong
          to the account that uploads them.
        </>
      }
      renderEdit={(data, onClose) => (
        <EditOwnershipDialog bucket={bucket} current={data.objectOwnership} onClose={onClose} />
      )}
    />
  );
}

function EditOwnershipDialog({
  bucket,
  current,
  onClose,
}: {
  bucket: string;
  current: ObjectOwnership | null;
  onClose: () => void;
}): ReactElement {
  const change = useChangeOwnershipControls(bucket);
  const { showMessage, showModalError } = useSnackbar();
  const [choice, setChoice] = useState<ObjectOwnership>(current ?? 'BucketOwnerEnforced');
  return (
    <FormDialog
      open
      title="Edit Object Ownership"
      submitLabel="Save"
      busy={change.isPending}
      onClose={onClose}
      onSubmit={() =>
        change.mutate(
          { objectOwnership: choice },
          {
            onSuccess: () => {
              showMessage('Object ownership saved.');
              onClose();
            },
            onError: showModalError,
          },
        )
      }
    >
      <RadioGroup
        aria-label="Object Ownership"
        value={choice}
        onChange={(e) => setChoice(e.target.value as ObjectOwnership)}
      >
        {objectOwnershipSchema.options.map((o) => (
          <Box key={o} sx={{ mb: 1 }}>
            <FormControlLabel value={o} control={<Radio />} label={ownershipLabel(o)} />
            <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{objectOwnershipTexts[o].meaning}</FormHelperText>
          </Box>
        ))}
      </RadioGroup>
    </FormDialog>
  );
}
