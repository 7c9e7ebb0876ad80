// SPDX-License-Identifier: Apache-2.0
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  LinearProgress,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
} from '@mui/material';
import type { AuditFilterField, AuditLogRecord } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { formatDateTime } from '@/shared/format/format-date';
import { useLocalStorageState } from '@/shared/hooks/use-local-storage-state';
import { EmptyState } from '@/shared/ui/empty-state';
import { useAuditSearch } from '../api/search-audit-logs';
import {
  auditColumnPercents,
  auditColumns,
  defaultAuditColumns,
  shownAuditColumns,
  toggleAuditColumn,
} from '../lib/audit-columns';
import { type AuditFilters, emptyAuditFilters, nearBottom } from '../lib/audit-filters';

/** Where the chosen audit columns are remembered (this browser). */
export const auditColumnsStorageKey = 'stowage-audit-columns';

const fieldLabels: Record<AuditFilterField, string> = {
  bucket: 'Bucket',
  object: 'Object',
  api_name: 'API Name',
  request_id: 'Request ID',
  user_agent: 'User Agent',
  response_status: 'Response Status',
};

/**
 * Audit Logs (spec 3 "Live tools", §4 "Audit log"): filters by bucket, object, API name, request id, user
 * agent and status, and a time range; Get Information or a change of the time order starts again from
 * page 0, and each further page of 100 loads as the table scrolls to its end. A row opens the whole
 * record. Columns chooses the columns after Time (spec 3 §9's by default, request and response sizes and
 * the time to response besides), remembered in this browser.
 */
export function AuditLogs(): ReactElement {
  const [draft, setDraft] = useState<AuditFilters>(emptyAuditFilters);
  const [applied, setApplied] = useState<AuditFilters>(emptyAuditFilters);
  const [open, setOpen] = useState<AuditLogRecord | null>(null);
  const search = useAuditSearch(applied, true);
  const [chosen, setChosen] = useLocalStorageState<string[]>(auditColumnsStorageKey, [
    ...defaultAuditColumns,
  ]);
  const [columnsMenu, setColumnsMenu] = useState<HTMLElement | null>(null);
  const columns = shownAuditColumns(chosen);
  const widths = auditColumnPercents(columns);
  const rows = search.data?.pages.flatMap((p) => p.results) ?? [];

  const onScroll = (el: HTMLElement): void => {
    if (nearBottom(el) && search.hasNextPage && !search.isFetchingNextPage) void search.fetchNextPage();
  };
  const setField = (field: AuditFilterField, value: string): void =>
    setDraft({ ...draft, fields: { ...draft.fields, [field]: value } });
  const toggleOrder = (): void => {
    const order = applied.order === 'timeDesc' ? 'timeAsc' : 'timeDesc';
    setDraft({ ...draft, order });
    setApplied({ ...applied, order });
  };

  return (
    <Box>
      <Card component="section" aria-label="Audit log filters" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <TextField
            size="small"
            type="datetime-local"
            label="Start Time"
            value={draft.timeStart}
            onChange={(e) => setDraft({ ...draft, timeStart: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="datetime-local"
            label="End Time"
            value={draft.timeEnd}
            onChange={(e) => setDraft({ ...draft, timeEnd: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {(Object.keys(fieldLabels) as AuditFilterField[]).map((field) => (
            <TextField
              key={field}
              size="small"
              label={fieldLabels[field]}
              value={draft.fields[field]}
              onChange={(e) => setField(field, e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') setApplied(draft);
              }}
              sx={{ width: 170 }}
            />
          ))}
          <Box sx={{ flex: 1 }} />
          <Button
            variant="outlined"
            startIcon={<ViewColumnOutlined />}
            aria-haspopup="menu"
            onClick={(e) => setColumnsMenu(e.currentTarget)}
          >
            Columns
          </Button>
          <Button variant="contained" startIcon={<ManageSearchOutlined />} onClick={() => setApplied(draft)}>
            Get Information
          </Button>
          <Menu
            anchorEl={columnsMenu}
            open={columnsMenu !== null}
            onClose={() => setColumnsMenu(null)}
            slotProps={{ list: { 'aria-label': 'Audit log columns' } }}
          >
            {auditColumns.map((c) => {
              const on = chosen.includes(c.key);
              return (
                <MenuItem
                  key={c.key}
                  role="menuitemcheckbox"
                  aria-checked={on}
                  dense
                  onClick={() => setChosen(toggleAuditColumn(chosen, c.key, !on))}
                >
                  <Checkbox checked={on} size="small" tabIndex={-1} sx={{ p: 0.5, mr: 1 }} />
                  <ListItemText primary={c.label} />
                </MenuItem>
              );
            })}
          </Menu>
        </Box>
      </Card>
      {search.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {search.error.message}
        </Alert>
      )}
      {search.isPending ? (
        <LinearProgress aria-label="Searching the audit log" />
      ) : rows.length === 0 && !search.isError ? (
        <EmptyState icon={<ManageSearchOutlined />} title="There is no information with this criteria">
          Requests to the server are recorded as they happen; change the filters or the time range.
        </EmptyState>
      ) : (
        <TableContainer
          component={Paper}
          variant="outlined"
          sx={{ maxHeight: 'calc(100vh - 330px)' }}
          onScroll={(e) => onScroll(e.currentTarget)}
        >
          <Table
            size="small"
            stickyHeader
            aria-label="Audit log"
            sx={{
              // Fixed layout: the columns take their shares of the card's width, whatever the text in them
              // (a long user agent or object name is cut with an ellipsis, the whole text in its title).
              // Below the minimum width the card scrolls sideways instead of squeezing the columns.
              tableLayout: 'fixed',
              minWidth: 640,
              '& th, & td': { px: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
              // Time wraps (date, then time of day) rather than being cut.
              '& th:first-of-type, & td:first-of-type': { whiteSpace: 'normal' },
            }}
          >
            <colgroup>
              <col style={{ width: widths.time }} />
              {columns.map((c, i) => (
                <col key={c.key} style={{ width: widths.columns[i] }} />
              ))}
            </colgroup>
            <TableHead>
              <TableRow>
                <TableCell sortDirection={applied.order === 'timeAsc' ? 'asc' : 'desc'}>
                  <TableSortLabel
                    active
                    direction={applied.order === 'timeAsc' ? 'asc' : 'desc'}
                    onClick={toggleOrder}
                  >
                    Time
                  </TableSortLabel>
                </TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key} title={c.label}>
                    {c.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow
                  key={`${r.request_id}-${r.time}`}
                  hover
                  onClick={() => setOpen(r)}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(r.time)}</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.key} title={c.text(r)}>
                      {c.text(r)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {search.isFetchingNextPage && <LinearProgress aria-label="Loading more records" />}
        </TableContainer>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} maxWidth="md" fullWidth>
        <DialogTitle>
          {open?.api_name} {open?.bucket && `· ${open.bucket}`} {open?.object && `/ ${open.object}`}
        </DialogTitle>
        <DialogContent>
          <Box
            component="pre"
            aria-label="Audit record"
            sx={{ m: 0, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {open && JSON.stringify(open.record, null, 2)}
          </Box>
        </DialogContent>
      </Dialog>
    </Box>
  );
}
