// SPDX-License-Identifier: Apache-2.0
import {
  Alert,
  Button,
  DialogContentText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import type { PeerInfo, SiteReplicationResyncOperation } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useResyncSite } from '../api/site-replication';

const texts: Record<SiteReplicationResyncOperation, { title: string; confirm: string; done: string }> = {
  start: { title: 'Resync Site', confirm: 'Resync', done: 'started' },
  cancel: { title: 'Cancel Resync', confirm: 'Cancel Resync', done: 'cancelled' },
};

/**
 * Resync one peer (`mc admin replicate resync start|cancel`) after a confirmation; the dialog then shows
 * the server's answer: the operation's status and id, and each bucket's status (with the reason when one
 * failed).
 */
export function ResyncSiteDialog({
  site,
  operation,
  onClose,
}: {
  site: PeerInfo;
  operation: SiteReplicationResyncOperation;
  onClose: () => void;
}): ReactElement {
  const resync = useResyncSite();
  const { showModalError } = useSnackbar();
  const text = texts[operation];
  const result = resync.data;
  return (
    <FormDialog
      open
      title={text.title}
      onClose={onClose}
      busy={resync.isPending}
      maxWidth="sm"
      {...(result
        ? {
            actions: (
              <Button variant="contained" onClick={onClose}>
                Done
              </Button>
            ),
          }
        : {
            submitLabel: text.confirm,
            onSubmit: () =>
              resync.mutate({ deploymentID: site.deploymentID, operation }, { onError: showModalError }),
          })}
    >
      {result ? (
        <>
          <Alert severity={result.status === 'Success' ? 'success' : 'warning'} role="status" sx={{ mb: 2 }}>
            Resync of {site.name} {text.done}: {result.status}
            {result.id ? ` (operation ${result.id})` : ''}
          </Alert>
          {result.buckets.length > 0 && (
            <Table size="small" aria-label={`Resync of ${site.name}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Bucket</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.buckets.map((b) => (
                  <TableRow key={b.bucket} aria-label={b.bucket}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{b.bucket}</TableCell>
                    <TableCell>
                      {b.status}
                      {b.errorDetail ? `: ${b.errorDetail}` : ''}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      ) : (
        <DialogContentText component="div">
          {operation === 'start' ? (
            <>
              Send every object of every bucket at this site to <b>{site.name}</b> ({site.endpoint}) again?
              Use it when {site.name} lost objects or missed changes: each version is queued for it, also
              those it already holds, and arrives with its own version id.
            </>
          ) : (
            <>
              Stop the resync of <b>{site.name}</b> ({site.endpoint}) that is in progress? What was sent
              already stays there.
            </>
          )}
        </DialogContentText>
      )}
    </FormDialog>
  );
}
