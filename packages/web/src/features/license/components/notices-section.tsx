// SPDX-License-Identifier: Apache-2.0
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import type { ThirdPartyNotice } from '@stowage/contracts';
import { type ReactElement, useMemo, useState } from 'react';
import { SearchField } from '@/shared/ui/search-field';
import { filterNotices, licenseCounts } from '../lib/notice-search';

/** Packages listed before "Show all": a search usually narrows to fewer, and the page stays quick. */
const FIRST_ROWS = 50;

/** The third-party notices, searchable by name, version and licence; a package opens to its licence text. */
export function NoticesSection({ notices }: { notices: readonly ThirdPartyNotice[] }): ReactElement {
  const [search, setSearch] = useState('');
  const [all, setAll] = useState(false);
  const matching = useMemo(() => filterNotices(notices, search), [notices, search]);
  const shown = all ? matching : matching.slice(0, FIRST_ROWS);
  const counts = useMemo(() => licenseCounts(notices), [notices]);
  return (
    <Box component="section" aria-labelledby="notices-heading">
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'flex-end', flexWrap: 'wrap', mb: 1.5 }}
        useFlexGap
      >
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography id="notices-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Third-party notices
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {notices.length} packages ship with this console:{' '}
            {counts.map((c) => `${c.license}\u00a0${c.count}`).join(' · ')}
          </Typography>
        </Box>
        <SearchField label="Search Notices" value={search} onChange={setSearch} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
        {search.trim() ? `${matching.length} of ${notices.length} packages` : ''}
      </Typography>
      <Box role="list" aria-label="Third-party packages">
        {shown.map((n) => (
          <Accordion
            key={`${n.name}@${n.version}`}
            role="listitem"
            disableGutters
            variant="outlined"
            slotProps={{ transition: { unmountOnExit: true } }}
            sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
          >
            <AccordionSummary expandIcon={<ExpandMore />} aria-label={`${n.name} ${n.version}`}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {n.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {n.version}
                </Typography>
                <Chip size="small" variant="outlined" label={n.license} />
              </Stack>
            </AccordionSummary>
            <AccordionDetails>
              {n.repository && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1, wordBreak: 'break-all' }}>
                  {n.repository}
                </Typography>
              )}
              <Box
                component="pre"
                sx={{
                  m: 0,
                  p: 1.5,
                  fontSize: 12,
                  whiteSpace: 'pre-wrap',
                  fontFamily: 'monospace',
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  maxHeight: 360,
                  overflow: 'auto',
                }}
              >
                {n.text}
              </Box>
            </AccordionDetails>
          </Accordion>
        ))}
        {shown.length < matching.length && (
          <Button sx={{ mt: 1 }} onClick={() => setAll(true)}>
            Show all {matching.length} packages
          </Button>
        )}
        {matching.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            No package matches “{search.trim()}”.
          </Typography>
        )}
      </Box>
    </Box>
  );
}
