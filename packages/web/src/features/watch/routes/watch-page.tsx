// SPDX-License-Identifier: Apache-2.0
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { fillApiPath, watchMessageSchema, wsPaths } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { BucketPicker, useBucketNames } from '@/shared/buckets/bucket-picker';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatTimeOfDay } from '@/shared/format/format-date';
import { useLiveSocket } from '@/shared/hooks/use-live-socket';
import { LiveToolPage } from '@/shared/ui/live-tool';

/** 's3:ObjectCreated:Put' → 'ObjectCreated:Put': the kind of change, without the service prefix. */
function changeType(type: string): string {
  return type.replace(/^s3:/, '');
}

/**
 * /watch (spec 3 "Live tools", §4 "Watch"): choose a bucket, optionally a prefix and a suffix, and Start;
 * each object created or removed there shows as it happens, newest first. Start works only for a bucket
 * of the bucket list; the page returns to stopped when the server closes the watch.
 */
export function WatchPage(): ReactElement {
  const [bucket, setBucket] = useState('');
  const [prefix, setPrefix] = useState('');
  const [suffix, setSuffix] = useState('');
  const live = useLiveSocket(watchMessageSchema);
  const { state, rows, everStarted, closedWith } = live;
  const locked = state !== 'stopped';
  const { known } = useBucketNames(bucket);

  const start = (): void => {
    if (!known) return;
    const query = new URLSearchParams();
    if (prefix !== '') query.set('prefix', prefix);
    if (suffix !== '') query.set('suffix', suffix);
    live.start(`${fillApiPath(wsPaths.watch, { bucket })}?${query}`);
  };

  return (
    <LiveToolPage
      title="Watch"
      subtitle="Objects created and removed in a bucket, live"
      startedLabel="Watching"
      state={state}
      closedWith={closedWith}
      onDismiss={live.dismiss}
      canStart={known}
      onStart={start}
      onStop={live.stop}
      tableLabel="Changes"
      rowCount={rows.length}
      empty={{
        icon: <VisibilityOutlined />,
        title: 'No Changes at this time',
        hint: everStarted
          ? 'Objects created or removed in the bucket show here as it happens.'
          : 'Choose a bucket and press Start.',
      }}
      filters={
        <>
          <BucketPicker value={bucket} onChange={setBucket} disabled={locked} />
          <TextField
            size="small"
            label="Prefix"
            value={prefix}
            onChange={(e) => setPrefix(e.target.value)}
            disabled={locked}
            sx={{ width: 220 }}
          />
          <TextField
            size="small"
            label="Suffix"
            value={suffix}
            onChange={(e) => setSuffix(e.target.value)}
            disabled={locked}
            sx={{ width: 160 }}
          />
        </>
      }
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 140 }}>Time</TableCell>
          <TableCell align="right" sx={{ width: 100 }}>
            Size
          </TableCell>
          <TableCell sx={{ width: 260 }}>Type</TableCell>
          <TableCell>Path</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(({ id, message: m }) => (
          <TableRow key={id} hover>
            <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatTimeOfDay(m.time)}</TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {m.type.startsWith('s3:ObjectRemoved') ? '-' : formatBytes(m.size)}
            </TableCell>
            <TableCell sx={{ color: m.type.startsWith('s3:ObjectRemoved') ? 'error.main' : 'success.main' }}>
              {changeType(m.type)}
            </TableCell>
            <TableCell sx={{ maxWidth: 640, overflow: 'hidden', textOverflow: 'ellipsis' }} title={m.path}>
              {m.path}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </LiveToolPage>
  );
}
