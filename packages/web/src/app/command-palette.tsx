// SPDX-License-Identifier: Apache-2.0
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import {
  Box,
  Dialog,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { pagePaths, type Session } from '@stowage/contracts';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactElement, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { listBucketsQueryOptions } from '@/shared/buckets/list-buckets';
import { filterPalette, paletteEntries, paletteLimit } from './palette-rules';
import { menuSections } from './side-menu';

/** Ctrl+K (⌘K on a Mac) anywhere in the signed-in shell. */
function isPaletteKey(e: globalThis.KeyboardEvent): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}

/**
 * The command palette (issue 38): Ctrl/Cmd+K opens it; typing narrows the pages of the session's menu
 * (built from the route table and the session's pages, so it never offers a page the user cannot open)
 * and the buckets the user can list, by name; ↑/↓ choose, Enter jumps, Escape closes.
 */
export function CommandPalette({ session }: { session: Session }): ReactElement {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  const bucketsAllowed = session.pages.includes(pagePaths.bucketPages);
  const buckets = useQuery({ ...listBucketsQueryOptions, enabled: open && bucketsAllowed });

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent): void => {
      if (!isPaletteKey(e)) return;
      e.preventDefault();
      setQuery('');
      setActive(0);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const entries = useMemo(
    () =>
      paletteEntries(
        menuSections(session),
        bucketsAllowed ? (buckets.data?.buckets ?? []).map((b) => b.name) : [],
      ),
    [session, bucketsAllowed, buckets.data],
  );
  const shown = filterPalette(entries, query).slice(0, paletteLimit);
  const current = Math.min(active, shown.length - 1);

  const go = (index: number): void => {
    const entry = shown[index];
    if (!entry) return;
    setOpen(false);
    void navigate(entry.to);
  };
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + shown.length) % Math.max(shown.length, 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(current);
    }
  };
  const optionId = (i: number): string => `${listId}-${i}`;

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { 'aria-label': 'Command palette', sx: { alignSelf: 'flex-start', mt: '12vh' } } }}
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          autoFocus
          fullWidth
          size="small"
          placeholder="Jump to a page or a bucket…"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              'aria-label': 'Jump to',
              role: 'combobox',
              'aria-expanded': true,
              'aria-controls': listId,
              'aria-activedescendant': shown.length > 0 ? optionId(current) : undefined,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <List
        id={listId}
        role="listbox"
        aria-label="Destinations"
        dense
        sx={{ maxHeight: '50vh', overflow: 'auto' }}
      >
        {shown.map((e, i) => (
          <ListItemButton
            key={e.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            selected={i === current}
            tabIndex={-1}
            onMouseMove={() => setActive(i)}
            onClick={() => go(i)}
          >
            <ListItemText primary={e.label} />
            <Typography variant="caption" color="text.secondary">
              {e.kind}
            </Typography>
          </ListItemButton>
        ))}
      </List>
      {shown.length === 0 && (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
          {buckets.isFetching ? 'Loading buckets…' : `Nothing matches “${query.trim()}”.`}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
        ↑ ↓ to choose · Enter to go · Esc to close
      </Typography>
    </Dialog>
  );
}
