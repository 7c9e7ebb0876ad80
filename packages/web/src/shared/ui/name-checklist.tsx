// SPDX-License-Identifier: Apache-2.0
import {
  Box,
  Checkbox,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { type ReactElement, useMemo, useState } from 'react';
import { matchesSearch, SearchField } from './search-field';

/**
 * A searchable list of names with checkboxes: the group, policy and member pickers of the identity
 * dialogs (spec 2 §2). Checked names stay checked while the search hides them.
 */
export function NameChecklist({
  label,
  names,
  selected,
  onChange,
  loading = false,
  emptyText,
  maxHeight = 240,
}: {
  label: string;
  names: readonly string[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  loading?: boolean;
  emptyText: string;
  maxHeight?: number;
}): ReactElement {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => names.filter((n) => matchesSearch(n, search)), [names, search]);
  const chosen = new Set(selected);
  const toggle = (name: string): void => {
    const next = new Set(chosen);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    onChange([...next]);
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {label} {selected.length > 0 ? `(${selected.length} selected)` : ''}
        </Typography>
        <SearchField label={`Search ${label}`} value={search} onChange={setSearch} width={200} />
      </Box>
      <Box
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight, overflowY: 'auto' }}
        role="group"
        aria-label={label}
      >
        {loading ? (
          <Typography sx={{ p: 2 }} color="text.secondary" variant="body2">
            Loading…
          </Typography>
        ) : shown.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary" variant="body2">
            {names.length === 0 ? emptyText : 'Nothing matches the search.'}
          </Typography>
        ) : (
          <List dense disablePadding>
            {shown.map((name) => (
              <ListItem key={name} disablePadding>
                <ListItemButton onClick={() => toggle(name)} dense>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Checkbox
                      edge="start"
                      size="small"
                      checked={chosen.has(name)}
                      tabIndex={-1}
                      disableRipple
                      slotProps={{ input: { 'aria-label': name } }}
                    />
                  </ListItemIcon>
                  <ListItemText primary={name} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}
