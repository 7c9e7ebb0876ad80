// SPDX-License-Identifier: Apache-2.0
import { Alert, Typography } from '@mui/material';
import { type JobConflict, type JobItem, jobBlockedReason } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCreateJob } from '../api/create-job';
import { useObjectAccess } from '../api/get-object-access';
import { ConflictChoice } from './conflict-choice';
import { type Destination, DestinationPicker } from './destination-picker';

/**
 * Copy to… / Move to… (issue 35): the destination picker, the clash rule, then a background job; the jobs
 * panel shows its progress. `itemsFor` turns the chosen destination folder into the job's items.
 */
export function TransferDialog({
  kind,
  bucket,
  what,
  itemsFor,
  intoItself,
  onClose,
  onStarted,
}: {
  kind: 'copy' | 'move';
  bucket: string;
  /** "3 items", "report.pdf", "everything in photos/". */
  what: string;
  itemsFor: (destPrefix: string) => JobItem[];
  /** Whether a destination would put a selected folder inside itself. */
  intoItself: (dest: Destination) => boolean;
  onClose: () => void;
  onStarted: () => void;
}): ReactElement {
  const [dest, setDest] = useState<Destination>({ bucket, prefix: '' });
  const [conflict, setConflict] = useState<JobConflict>('keep-both');
  const create = useCreateJob();
  const access = useObjectAccess([bucket, dest.bucket]);
  const { showMessage, showModalError } = useSnackbar();
  const verb = kind === 'copy' ? 'Copy' : 'Move';
  const sourceAccess = access.data?.[bucket];
  const targetAccess = access.data?.[dest.bucket];
  const blocked =
    sourceAccess && targetAccess
      ? jobBlockedReason(
          kind,
          { bucket, access: sourceAccess },
          { bucket: dest.bucket, access: targetAccess },
        )
      : null;
  const problem =
    dest.bucket === ''
      ? null
      : intoItself(dest)
        ? 'A folder cannot be put inside itself: choose another destination.'
        : null;
  const submit = (): void => {
    create.mutate(
      { kind, source_bucket: bucket, target_bucket: dest.bucket, items: itemsFor(dest.prefix), conflict },
      {
        onSuccess: (job) => {
          showMessage(`${job.title} started: its progress is in Jobs.`);
          onStarted();
        },
        onError: showModalError,
      },
    );
  };
  return (
    <FormDialog
      open
      title={`${verb} ${what} to…`}
      onClose={onClose}
      onSubmit={submit}
      busy={create.isPending}
      submitLabel={verb}
      submitDisabled={dest.bucket === '' || blocked !== null || problem !== null || access.isPending}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Choose the bucket and folder to {kind} {what} into. It runs in the background on the console, also
        after you leave this page.
      </Typography>
      <DestinationPicker value={dest} onChange={setDest} />
      <ConflictChoice value={conflict} onChange={setConflict} />
      {(blocked ?? problem) !== null && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {blocked ?? problem}
        </Alert>
      )}
    </FormDialog>
  );
}
