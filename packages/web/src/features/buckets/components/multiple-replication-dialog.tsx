// SPDX-License-Identifier: Apache-2.0
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import {
  Autocomplete,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactElement, useEffect, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useSnackbar } from '@/shared/ui/snackbar';
import { listExternalBuckets, useSetBucketsReplication } from '../api/replication';
import {
  type RemoteForm,
  remoteFormDefaults,
  remoteFormErrors,
  remoteRequest,
} from '../lib/replication-form';
import { ReplicationRemoteFields } from './replication-remote-fields';

interface Row {
  origin: string;
  destination: string;
  /** undefined: not sent yet; '' succeeded; otherwise the error. */
  result?: string;
}

function Wizard({ buckets, onClose }: { buckets: readonly string[]; onClose: () => void }): ReactElement {
  const [step, setStep] = useState<1 | 2>(1);
  const [remote, setRemote] = useState<RemoteForm>(remoteFormDefaults);
  const [tried, setTried] = useState(false);
  const [listing, setListing] = useState(false);
  const [remoteBuckets, setRemoteBuckets] = useState<string[]>([]);
  const [rows, setRows] = useState<Row[]>(buckets.map((b) => ({ origin: b, destination: b })));
  const create = useSetBucketsReplication();
  const { showMessage, showModalError } = useSnackbar();
  const remoteOk = Object.keys(remoteFormErrors(remote)).length === 0;

  // Spec 1 §4: after a partly failed Create, rows that succeeded go away after 500 ms.
  const failedOnly = rows.some((r) => r.result !== undefined && r.result !== '');
  useEffect(() => {
    if (!failedOnly) return;
    const t = setTimeout(() => setRows((rs) => rs.filter((r) => r.result !== '')), 500);
    return () => clearTimeout(t);
  }, [failedOnly]);

  const next = (): void => {
    setTried(true);
    if (!remoteOk || listing) return;
    setListing(true);
    const r = remoteRequest(remote);
    listExternalBuckets({
      targetURL: r.targetURL,
      accessKey: r.accessKey,
      secretKey: r.secretKey,
      useTLS: r.useTLS,
      region: r.region,
    })
      .then((res) => {
        setRemoteBuckets(res.buckets.map((b) => b.name));
        setStep(2);
      })
      .catch(showModalError)
      .finally(() => setListing(false));
  };

  const submit = (): void => {
    if (rows.some((r) => r.destination.trim() === '') || create.isPending) return;
    create.mutate(
      {
        ...remoteRequest(remote),
        bucketsRelation: rows.map((r) => ({
          originBucket: r.origin,
          destinationBucket: r.destination.trim(),
        })),
      },
      {
        onSuccess: (res) => {
          if (res.replicationState.length === 0) {
            showModalError(new Error('No changes applied'));
            return;
          }
          if (res.replicationState.every((s) => s.errorString === '')) {
            showMessage('Replication rules created.');
            onClose();
            return;
          }
          setRows((rs) =>
            rs.map((r) => ({
              ...r,
              result: res.replicationState.find((s) => s.originBucket === r.origin)?.errorString ?? '',
            })),
          );
        },
        onError: showModalError,
      },
    );
  };

  if (step === 1) {
    return (
      <FormDialog
        open
        title="Set Multiple Bucket Replication"
        onClose={onClose}
        onSubmit={next}
        busy={listing}
        submitLabel="Next"
        maxWidth="md"
      >
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Remote Configuration
        </Typography>
        <ReplicationRemoteFields value={remote} onChange={setRemote} showErrors={tried} />
      </FormDialog>
    );
  }
  return (
    <FormDialog
      open
      title="Set Multiple Bucket Replication"
      onClose={onClose}
      onSubmit={submit}
      busy={create.isPending}
      submitLabel="Create"
      submitDisabled={rows.length === 0}
      maxWidth="md"
      extraActions={
        <Button onClick={() => setStep(1)} disabled={create.isPending} sx={{ mr: 'auto' }}>
          Back
        </Button>
      }
    >
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Bucket Assignments
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Pick the remote bucket each bucket replicates to; a bucket that does not exist there is created with
        versioning.
      </Typography>
      <Table size="small" aria-label="Bucket assignments">
        <TableHead>
          <TableRow>
            <TableCell>Source</TableCell>
            <TableCell>Destination</TableCell>
            <TableCell sx={{ width: 48 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.origin}>
              <TableCell>{r.origin}</TableCell>
              <TableCell>
                <Autocomplete
                  freeSolo
                  size="small"
                  options={remoteBuckets}
                  inputValue={r.destination}
                  onInputChange={(_e, v) =>
                    setRows((rs) => rs.map((x) => (x.origin === r.origin ? { ...x, destination: v } : x)))
                  }
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      slotProps={{
                        ...params.slotProps,
                        htmlInput: {
                          ...params.slotProps.htmlInput,
                          'aria-label': `Destination of ${r.origin}`,
                        },
                      }}
                      error={r.destination.trim() === ''}
                    />
                  )}
                />
              </TableCell>
              <TableCell>
                {r.result === '' && <CheckCircleOutlined color="success" aria-label="Replicated" />}
                {r.result && (
                  <Tooltip title={r.result}>
                    <ErrorOutlined color="error" aria-label={`Error: ${r.result}`} />
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack sx={{ mt: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {remoteBuckets.length} bucket{remoteBuckets.length === 1 ? '' : 's'} on the remote server.
        </Typography>
      </Stack>
    </FormDialog>
  );
}

/**
 * Set Multiple Bucket Replication (spec 1 §4 "Replication wizard"): Remote Configuration, then Bucket
 * Assignments listing the remote buckets (`/api/v1/list-external-buckets`); Create replicates each selected
 * bucket. All succeeded: the dialog closes; otherwise rows show error icons with the reason, and the rows
 * that succeeded are removed after 500 ms.
 */
export function MultipleReplicationDialog({
  open,
  buckets,
  onClose,
}: {
  open: boolean;
  buckets: readonly string[];
  onClose: () => void;
}): ReactElement | null {
  if (!open) return null;
  return <Wizard buckets={buckets} onClose={onClose} />;
}
