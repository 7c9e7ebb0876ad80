// SPDX-License-Identifier: Apache-2.0
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import { Button, Tooltip } from '@mui/material';
import { jobBlockedReason } from '@stowage/contracts';
import { lazy, type ReactElement, type ReactNode, Suspense, useState } from 'react';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useCreateJob } from '../api/create-job';
import { useObjectAccess } from '../api/get-object-access';
import { folderContentsItem, intoItself, transferItems } from '../lib/job-items';
import { isFolder } from '../lib/object-paths';
import { DeleteObjectsDialog } from './delete-objects-dialog';

// The destination picker (bucket list, autocomplete, radios) loads on first use, keeping the listing light.
const TransferDialog = lazy(() => import('./transfer-dialog').then((m) => ({ default: m.TransferDialog })));

/** What is selected: some loaded rows, or (select all) everything in the folder, listed by the console. */
export type Selection = { kind: 'rows'; names: readonly string[] } | { kind: 'folder'; prefix: string };

function Action({
  reason,
  children,
}: {
  reason: string | null;
  children: (disabled: boolean) => ReactNode;
}): ReactElement {
  return (
    <Tooltip title={reason ?? ''}>
      <span>{children(reason !== null)}</span>
    </Tooltip>
  );
}

/**
 * The toolbar of a selection (spec 1 §2.6; issue 35): Download Selected, Copy to…, Move to…, Delete
 * Selected. Copies, moves and deletes of folders or of a whole folder run as background jobs, so the
 * browser never holds the folder's key list; an action the session may not do is disabled with the reason.
 */
export function SelectionActions({
  bucket,
  selection,
  rewind,
  onDownload,
  onDone,
}: {
  bucket: string;
  selection: Selection;
  rewind: boolean;
  onDownload: () => void;
  onDone: () => void;
}): ReactElement {
  const [dialog, setDialog] = useState<'copy' | 'move' | 'delete' | null>(null);
  const access = useObjectAccess([bucket]).data?.[bucket];
  const createJob = useCreateJob();
  const { showMessage, showModalError } = useSnackbar();
  const count = selection.kind === 'rows' ? selection.names.length : -1;
  const none = count === 0;
  const whole = selection.kind === 'folder';
  const what = whole
    ? `everything in ${selection.prefix === '' ? bucket : selection.prefix}`
    : count === 1
      ? (selection.names[0] ?? '')
      : `${count.toLocaleString('en-US')} items`;
  const reason = (kind: 'copy' | 'move' | 'delete'): string | null => {
    if (none) return null;
    if (rewind) return 'Not available in rewind mode';
    return access ? jobBlockedReason(kind, { bucket, access }) : null;
  };
  const itemsFor = (dest: string) =>
    selection.kind === 'folder'
      ? [folderContentsItem(selection.prefix, dest)]
      : transferItems(selection.names, dest);
  // Loaded rows without folders delete at once, as before; folders and whole folders as a job.
  const deleteAsJob = whole || selection.names.some(isFolder);
  const startDeleteJob = (): void =>
    createJob.mutate(
      {
        kind: 'delete',
        bucket,
        paths: selection.kind === 'folder' ? [selection.prefix] : [...selection.names],
      },
      {
        onSuccess: (job) => {
          showMessage(`${job.title} started: its progress is in Jobs.`);
          setDialog(null);
          onDone();
        },
        onError: showModalError,
      },
    );
  return (
    <>
      <Action
        reason={rewind && (whole || count > 1) ? 'In rewind mode, download the objects one at a time' : null}
      >
        {(off) => (
          <Button
            variant="outlined"
            startIcon={<DownloadOutlined />}
            disabled={none || off}
            onClick={onDownload}
          >
            Download Selected
          </Button>
        )}
      </Action>
      <Action reason={reason('copy')}>
        {(off) => (
          <Button
            variant="outlined"
            startIcon={<ContentCopyOutlined />}
            disabled={none || off}
            onClick={() => setDialog('copy')}
          >
            Copy to…
          </Button>
        )}
      </Action>
      <Action reason={reason('move')}>
        {(off) => (
          <Button
            variant="outlined"
            startIcon={<DriveFileMoveOutlined />}
            disabled={none || off}
            onClick={() => setDialog('move')}
          >
            Move to…
          </Button>
        )}
      </Action>
      <Action reason={reason('delete')}>
        {(off) => (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteSweepOutlined />}
            disabled={none || off}
            onClick={() => setDialog('delete')}
          >
            Delete Selected
          </Button>
        )}
      </Action>
      {(dialog === 'copy' || dialog === 'move') && (
        <Suspense fallback={null}>
          <TransferDialog
            kind={dialog}
            bucket={bucket}
            what={what}
            itemsFor={itemsFor}
            intoItself={(dest) =>
              dest.bucket === bucket &&
              (selection.kind === 'folder'
                ? dest.prefix.startsWith(selection.prefix)
                : intoItself(selection.names, dest.prefix))
            }
            onClose={() => setDialog(null)}
            onStarted={() => {
              setDialog(null);
              onDone();
            }}
          />
        </Suspense>
      )}
      {dialog === 'delete' && deleteAsJob && (
        <ConfirmDialog
          open
          title="Delete Objects"
          busy={createJob.isPending}
          onClose={() => setDialog(null)}
          onConfirm={startDeleteJob}
        >
          Are you sure you want to delete {what}? Folders are deleted with everything in them; this runs in
          the background and shows in Jobs.
        </ConfirmDialog>
      )}
      {selection.kind === 'rows' && !deleteAsJob && (
        <DeleteObjectsDialog
          bucket={bucket}
          names={selection.names}
          open={dialog === 'delete'}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            onDone();
          }}
        />
      )}
    </>
  );
}
