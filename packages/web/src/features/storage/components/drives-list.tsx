// SPDX-License-Identifier: Apache-2.0
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import SdStorageOutlined from '@mui/icons-material/SdStorageOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  DialogContentText,
  List,
  ListItem,
  ListItemText,
  TableCell,
  TextField,
} from '@mui/material';
import { type DriveInfo, FORMAT_CONFIRMATION, type FormatDrivesResponse } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { saveJson } from '@/shared/api/download';
import { formatBytes } from '@/shared/format/format-bytes';
import { FormDialog } from '@/shared/ui/form-dialog';
import { ListSection } from '@/shared/ui/list-page';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useDrives, useFormatDrives } from '../api/storage';

const driveId = (d: DriveInfo): string => `${d.node}:${d.drive}`;

/** The Format confirmation (spec 3 §4, §5): Format is on only once 'YES, PROCEED' is typed. */
function FormatDialog({
  drives,
  onClose,
  onIssues,
}: {
  drives: string[];
  onClose: () => void;
  onIssues: (issues: FormatDrivesResponse['formatIssuesList']) => void;
}): ReactElement {
  const [typed, setTyped] = useState('');
  const format = useFormatDrives();
  const { showMessage, showModalError } = useSnackbar();
  return (
    <FormDialog
      open
      title="Format Drives"
      onClose={onClose}
      onSubmit={() =>
        typed === FORMAT_CONFIRMATION &&
        format.mutate(
          { drives, force: true },
          {
            onSuccess: (answer) => {
              onClose();
              if (answer.formatIssuesList.length > 0) onIssues(answer.formatIssuesList);
              else showMessage('Drives formatted.');
            },
            onError: showModalError,
          },
        )
      }
      busy={format.isPending}
      submitLabel="Format"
      submitDisabled={typed !== FORMAT_CONFIRMATION}
      danger
    >
      <DialogContentText component="div" sx={{ mb: 2 }}>
        Every file on {drives.length === 1 ? 'this drive' : `these ${drives.length} drives`} is erased:
        <List dense>
          {drives.map((d) => (
            <ListItem key={d}>
              <ListItemText primary={d} />
            </ListItem>
          ))}
        </List>
        Type <strong>{FORMAT_CONFIRMATION}</strong> to continue.
      </DialogContentText>
      <TextField
        autoFocus
        fullWidth
        size="small"
        label="Confirmation"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
    </FormDialog>
  );
}

/** The issues a format returned (spec 3 §8 "Format errors dialog"), with their download. */
function FormatErrorsDialog({
  issues,
  onClose,
}: {
  issues: FormatDrivesResponse['formatIssuesList'];
  onClose: () => void;
}): ReactElement {
  return (
    <FormDialog
      open
      title="Format Errors"
      onClose={onClose}
      actions={
        <>
          <Button startIcon={<DownloadOutlined />} onClick={() => saveJson(issues, 'csiFormatErrors.json')}>
            Download
          </Button>
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ mb: 1 }}>
        There were some issues trying to format the selected CSI Drives, please fix the issues and try again.
      </DialogContentText>
      <List dense aria-label="Format Errors">
        {issues.map((i) => (
          <ListItem key={`${i.node}:${i.drive}`}>
            <ListItemText primary={`${i.node}:${i.drive}`} secondary={i.error} />
          </ListItem>
        ))}
      </List>
    </FormDialog>
  );
}

/** /storage/drives (spec 3 §2, §4, §8): the storage roots, selection and Format. */
export function DrivesList(): ReactElement {
  const drives = useDrives();
  const [checked, setChecked] = useState<string[]>([]);
  const [formatting, setFormatting] = useState<string[] | null>(null);
  const [issues, setIssues] = useState<FormatDrivesResponse['formatIssuesList'] | null>(null);

  if (drives.isError) {
    return (
      <Alert severity="warning">
        To manage locally attached drives the operator needs its storage roots: {drives.error.message}
      </Alert>
    );
  }
  const toggle = (id: string): void =>
    setChecked(checked.includes(id) ? checked.filter((c) => c !== id) : [...checked, id]);
  return (
    <Box>
      <ListSection
        searchLabel="Search Drives"
        rows={drives.data ?? []}
        searchText={(d) => `${d.drive} ${d.node}`}
        toolbar={
          <>
            <Button startIcon={<RefreshOutlined />} onClick={() => void drives.refetch()}>
              Refresh
            </Button>
            <Button
              variant="contained"
              color="error"
              disabled={checked.length === 0}
              onClick={() => setFormatting(checked)}
            >
              Format Selected Drives
            </Button>
          </>
        }
        query={drives}
        emptyIcon={<SdStorageOutlined />}
        emptyTitle="No Drives"
        emptyHint="No storage roots are configured."
        noun="drive or node"
        table={{
          label: 'Drives',
          columns: [
            { header: '', padding: 'checkbox' },
            { header: 'Drive' },
            { header: 'Capacity' },
            { header: 'Allocated' },
            { header: 'Volumes', align: 'right' },
            { header: 'Node' },
            { header: 'Status' },
            { header: 'Actions', align: 'right', width: 100 },
          ],
          rowKey: driveId,
          selected: (d) => checked.includes(driveId(d)),
          cells: (d) => (
            <>
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={checked.includes(driveId(d))}
                  onChange={() => toggle(driveId(d))}
                  slotProps={{ input: { 'aria-label': `Select ${d.drive}` } }}
                />
              </TableCell>
              <TableCell sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{d.drive}</TableCell>
              <TableCell>{formatBytes(d.capacity)}</TableCell>
              <TableCell>{formatBytes(d.allocated)}</TableCell>
              <TableCell align="right">{d.volumes}</TableCell>
              <TableCell>{d.node}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  label={d.status}
                  title={d.message}
                  color={d.status === 'Available' ? 'success' : d.status === 'InUse' ? 'info' : 'warning'}
                />
              </TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  color="error"
                  onClick={() => setFormatting([driveId(d)])}
                  aria-label={`Format ${d.drive}`}
                >
                  Format
                </Button>
              </TableCell>
            </>
          ),
        }}
      />
      {formatting && (
        <FormatDialog
          drives={formatting}
          onClose={() => {
            setFormatting(null);
            setChecked([]);
          }}
          onIssues={setIssues}
        />
      )}
      {issues && <FormatErrorsDialog issues={issues} onClose={() => setIssues(null)} />}
    </Box>
  );
}
