// SPDX-License-Identifier: Apache-2.0
import { Box, Button, DialogContentText, TextField } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { FormDialog } from '@/shared/ui/form-dialog';
import {
  clampDay,
  daysInMonth,
  isValidPick,
  monthNames,
  pickFromDate,
  pickToIso,
  type RewindPick,
  rewindYears,
} from '../lib/rewind-date';

function NumberSelect({
  label,
  value,
  options,
  onChange,
  width,
}: {
  label: string;
  value: number;
  options: readonly { value: number; label: string }[];
  onChange: (value: number) => void;
  width: number;
}): ReactElement {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ width }}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label } }}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * The Rewind dialog (spec 1 §4 "Rewind", §9 "Year list 25 entries"): month, day and year selects that only
 * offer real calendar dates (the day list follows the month and leap years), an hour and a minute in local
 * time. 'Rewind' shows the bucket as of then; 'Show Current Data' turns rewind off. The caller remounts it
 * (a new `key`) on each opening so it starts from the current rewind date or now.
 */
export function RewindDialog({
  open,
  currentDate,
  rewindOn,
  onRewind,
  onShowCurrent,
  onClose,
}: {
  open: boolean;
  /** The active rewind date (ISO), to open on; now when rewind is off. */
  currentDate: string | undefined;
  rewindOn: boolean;
  onRewind: (isoDate: string) => void;
  onShowCurrent: () => void;
  onClose: () => void;
}): ReactElement {
  const [pick, setPick] = useState<RewindPick>(() =>
    pickFromDate(currentDate ? new Date(currentDate) : new Date()),
  );
  const set = (patch: Partial<RewindPick>): void => setPick((p) => clampDay({ ...p, ...patch }));
  const valid = isValidPick(pick);
  const days = daysInMonth(pick.year, pick.month);
  return (
    <FormDialog
      open={open}
      title="Rewind"
      onClose={onClose}
      onSubmit={() => valid && onRewind(pickToIso(pick))}
      submitLabel="Rewind"
      submitDisabled={!valid}
      extraActions={
        <>
          <Button onClick={onShowCurrent} disabled={!rewindOn}>
            Show Current Data
          </Button>
          <Box sx={{ flex: 1 }} />
        </>
      }
    >
      <DialogContentText sx={{ mb: 2 }}>
        Show the objects of this bucket as they were at a date and time (your local time).
      </DialogContentText>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', pt: 1 }} role="group" aria-label="Rewind date">
        <NumberSelect
          label="Month"
          width={150}
          value={pick.month}
          onChange={(month) => set({ month })}
          options={monthNames.map((m, i) => ({ value: i + 1, label: m }))}
        />
        <NumberSelect
          label="Day"
          width={90}
          value={pick.day}
          onChange={(day) => set({ day })}
          options={Array.from({ length: days }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
        />
        <NumberSelect
          label="Year"
          width={110}
          value={pick.year}
          onChange={(year) => set({ year })}
          options={rewindYears().map((y) => ({ value: y, label: String(y) }))}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', pt: 2 }} role="group" aria-label="Rewind time">
        <NumberSelect
          label="Hour"
          width={90}
          value={pick.hour}
          onChange={(hour) => set({ hour })}
          options={Array.from({ length: 24 }, (_, i) => ({ value: i, label: pad(i) }))}
        />
        <NumberSelect
          label="Minute"
          width={90}
          value={pick.minute}
          onChange={(minute) => set({ minute })}
          options={Array.from({ length: 60 }, (_, i) => ({ value: i, label: pad(i) }))}
        />
      </Box>
    </FormDialog>
  );
}
