// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Box, IconButton, TextField, Tooltip } from '@mui/material';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { CSV_DEBOUNCE_MS, joinCsv, parseCsv } from '../lib/config-form';

/**
 * A CSV key as a list of entries (spec 2 §5): one input per entry and an Add button; the joined value
 * (empty entries dropped, comma-separated) reaches the form 500 ms after the last keystroke, or at once
 * when an input loses focus, so a quick Save never misses an entry.
 */
export function CsvField({
  label,
  value,
  placeholder,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  placeholder: string;
  disabled: boolean;
  onChange: (value: string) => void;
}): ReactElement {
  const [entries, setEntries] = useState<string[]>(() => {
    const parsed = parseCsv(value);
    return parsed.length === 0 ? [''] : parsed;
  });
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const publish = (next: string[], now: boolean): void => {
    window.clearTimeout(timer.current);
    if (now) latest.current(joinCsv(next));
    else timer.current = window.setTimeout(() => latest.current(joinCsv(next)), CSV_DEBOUNCE_MS);
  };
  const update = (next: string[], now = false): void => {
    setEntries(next);
    publish(next, now);
  };

  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {entries.map((entry, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are edited in place by position
          key={i}
          sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
        >
          <TextField
            size="small"
            fullWidth
            value={entry}
            disabled={disabled}
            placeholder={i === 0 ? placeholder : ''}
            slotProps={{ htmlInput: { 'aria-label': `${label} entry ${i + 1}` } }}
            onChange={(e) => update(entries.map((x, j) => (j === i ? e.target.value : x)))}
            onBlur={() => publish(entries, true)}
          />
          {entries.length > 1 && (
            <Tooltip title="Remove entry">
              <IconButton
                size="small"
                aria-label={`Remove ${label} entry ${i + 1}`}
                disabled={disabled}
                onClick={() =>
                  update(
                    entries.filter((_, j) => j !== i),
                    true,
                  )
                }
              >
                <CloseOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ))}
      <Box>
        <Tooltip title="Add entry">
          <span>
            <IconButton
              size="small"
              aria-label={`Add ${label} entry`}
              disabled={disabled}
              onClick={() => setEntries([...entries, ''])}
            >
              <AddOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
