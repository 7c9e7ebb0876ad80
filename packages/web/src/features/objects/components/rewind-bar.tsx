// SPDX-License-Identifier: Apache-2.0
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { Alert, Button } from '@mui/material';
import type { ReactElement } from 'react';
import { formatDateTime } from '@/shared/format/format-date';

/** Shown while rewind is on: the date and 'Show Current Data' (spec 1 §4 "Rewind"). */
export function RewindBar({
  date,
  onChange,
  onShowCurrent,
}: {
  date: string;
  onChange: () => void;
  onShowCurrent: () => void;
}): ReactElement {
  return (
    <Alert
      severity="info"
      icon={<HistoryOutlined />}
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <>
          <Button color="inherit" size="small" onClick={onChange}>
            Change date
          </Button>
          <Button color="inherit" size="small" variant="outlined" onClick={onShowCurrent}>
            Show Current Data
          </Button>
        </>
      }
    >
      Rewind: showing the objects as they were on <strong>{formatDateTime(date)}</strong>. Uploads and deletes
      are off.
    </Alert>
  );
}
