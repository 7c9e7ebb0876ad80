// SPDX-License-Identifier: Apache-2.0
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  Dialog,
  DialogContent,
  DialogTitle,
  LinearProgress,
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
import { EmptyState } from '@/shared/ui/empty-state';
import { useAuditSearch } from '../api/search-audit-logs';
import { type AuditFilters, emptyAuditFilters, nearBottom } from '../lib/audit-filters';

const fieldLabels: Record<AuditFilterField, string> = {
  bucket: 'Bucket',
  object: 'Object',
  api_name: 'API Name',
  request_id: 'Request ID',
  user_agent: 'User Agent',
  response_status: 'Response Status',
};

/** The default columns (spec 3 §9), time first. */
const columns: { key: keyof AuditLogRecord; label: string; width?: number }[] = [
  { key: 'api_name', label: 'API Name', width: 160 },
  { key: 'bucket', label: 'Bucket', width: 140 },
  { key: 'object', label: 'Object', width: 220 },
  { key: 'remote_host', label: 'Remote Host', width: 110 },
  { key: 'request_id', label: 'Request ID', width: 170 },
  { key: 'user_agent', label: 'User Agent', width: 140 },
  { key: 'response_status', label: 'Status', width: 110 },
];

/**
 * Audit Logs (spec 3 "Live tools", §4 "Audit log"): filters by bucket, object, API name, request id, user
 * agent and status, and a time range; Get Information or a change of the time order starts again from
 * page 0, and each further page of 100 loads as the table scrolls to its end. A row opens the whole
 * record.
 */
export function AuditLogs(): ReactElement {
  const [draft, setDraft] = useState<AuditFilters>(emptyAuditFilters);
  const [applied, setApplied] = useState<AuditFilters>(emptyAuditFilters);
  const [open, setOpen] = useState<AuditLogRecord | null>(null);
  const search = useAuditSearch(applied, true);
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
          <Button variant="contained" startIcon={<ManageSearchOutlined />} onClick={() => setApplied(draft)}>
            Get Information
          </Button>
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
            sx={{ '& th, & td': { whiteSpace: 'nowrap', px: 1.25 } }}
          >
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 180 }} sortDirection={applied.order === 'timeAsc' ? 'asc' : 'desc'}>
                  <TableSortLabel
                    active
                    direction={applied.order === 'timeAsc' ? 'asc' : 'desc'}
                    onClick={toggleOrder}
                  >
                    Time
                  </TableSortLabel>
                </TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key} sx={{ maxWidth: c.width }}>
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
                    <TableCell
                      key={c.key}
                      title={String(r[c.key])}
                      sx={{ maxWidth: c.width, overflow: 'hidden', textOverflow: 'ellipsis' }}
                    >
                      {c.key === 'response_status'
                        ? `${r.response_status_code} ${r.response_status}`
                        : String(r[c.key])}
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
