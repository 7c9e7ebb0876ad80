// SPDX-License-Identifier: Apache-2.0
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import { Chip, TableCell } from '@mui/material';
import type { PodEvent } from '@stowage/contracts';
import type { ReactElement } from 'react';
import type { ApiError } from '@/shared/api/api-error';
import { ListTable } from '@/shared/ui/list-page';
import { ListState } from '@/shared/ui/list-state';
import { ageText } from '../lib/tenant-rules';

/** Events (spec 3 §2 "Pod detail"): Namespace, Last Seen, Message, Event Type, Reason; newest first. */
export function EventsTable({
  query,
  events,
  label = 'Events',
}: {
  query: { isPending: boolean; isError: boolean; error: ApiError | null };
  events: readonly PodEvent[];
  label?: string;
}): ReactElement {
  const rows = [...events].sort((a, b) => b.last_seen - a.last_seen);
  const now = Date.now();
  return (
    <ListState
      query={query}
      total={rows.length}
      shown={rows.length}
      search=""
      emptyIcon={<EventNoteOutlined />}
      emptyTitle="No Events"
      emptyHint="Nothing has happened to the tenant's processes yet."
      noun="event"
    >
      <ListTable
        label={label}
        columns={[
          { header: 'Namespace' },
          { header: 'Last Seen' },
          { header: 'Message' },
          { header: 'Event Type' },
          { header: 'Reason' },
        ]}
        rows={rows}
        rowKey={(e) => `${e.last_seen}-${e.reason}-${e.object ?? ''}-${e.message}`}
        cells={(e) => (
          <>
            <TableCell>{e.namespace}</TableCell>
            <TableCell title={new Date(e.last_seen * 1000).toISOString()}>
              {ageText(e.last_seen, now)}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{e.message}</TableCell>
            <TableCell>
              <Chip
                size="small"
                variant="outlined"
                label={e.event_type}
                color={e.event_type === 'Warning' ? 'warning' : 'default'}
              />
            </TableCell>
            <TableCell>{e.reason}</TableCell>
          </>
        )}
      />
    </ListState>
  );
}
