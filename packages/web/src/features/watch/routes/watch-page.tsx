import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Autocomplete, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { fillApiPath, watchMessageSchema, wsPaths } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { useBuckets } from '@/shared/buckets/list-buckets';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatTimeOfDay } from '@/shared/format/format-date';
import { useLiveSocket } from '@/shared/hooks/use-live-socket';
import { LiveToolPage } from '@/shared/ui/live-tool';

/** The bucket list can hold thousands: the picker shows the first 100 names containing what is typed. */
function shownBuckets(names: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  const out: string[] = [];
  for (const name of names) {
    if (needle === '' || name.toLowerCase().includes(needle)) out.push(name);
    if (out.length === 100) break;
  }
  return out;
}

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
  const buckets = useBuckets();
  const [bucket, setBucket] = useState('');
  const [prefix, setPrefix] = useState('');
  const [suffix, setSuffix] = useState('');
  const live = useLiveSocket(watchMessageSchema);
  const { state, rows, everStarted, closedWith } = live;
  const locked = state !== 'stopped';
  const names = buckets.data?.buckets.map((b) => b.name) ?? [];
  const known = names.includes(bucket);

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
          <Autocomplete
            size="small"
            options={names}
            value={known ? bucket : null}
            onChange={(_, value) => setBucket(value ?? '')}
            filterOptions={(options, { inputValue }) => shownBuckets(options, inputValue)}
            disabled={locked || buckets.isPending}
            sx={{ width: 280 }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Bucket"
                error={buckets.isError}
                helperText={buckets.isError ? buckets.error.message : undefined}
              />
            )}
          />
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
