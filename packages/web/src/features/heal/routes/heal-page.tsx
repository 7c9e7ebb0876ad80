// SPDX-License-Identifier: Apache-2.0
import HealingOutlined from '@mui/icons-material/HealingOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type HealthColours, healProgressSchema } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { BucketPicker, useBucketNames } from '@/shared/buckets/bucket-picker';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatCount } from '@/shared/format/format-number';
import { useLiveSocket } from '@/shared/hooks/use-live-socket';
import { EmptyState } from '@/shared/ui/empty-state';
import { LiveStateChip } from '@/shared/ui/live-tool';
import { Metric } from '@/shared/ui/metric';
import { PageHeader } from '@/shared/ui/page-header';
import { BackgroundHealCard } from '../components/background-heal-card';
import {
  colourOrder,
  colourShares,
  emptyHealForm,
  type HealForm,
  healSocketPath,
  withForce,
} from '../lib/heal-rules';

const colourNames: Record<keyof HealthColours, string> = {
  green: 'Green',
  yellow: 'Yellow',
  red: 'Red',
  grey: 'Grey',
};
const colourFill: Record<keyof HealthColours, string> = {
  green: 'success.main',
  yellow: 'warning.main',
  red: 'error.main',
  grey: 'grey.500',
};
const colourMeaning: Record<keyof HealthColours, string> = {
  green: 'every shard present',
  yellow: 'some parity lost',
  red: 'most parity lost',
  grey: 'not readable',
};

/** One stacked bar of the colour shares, with the counts in its legend. */
function HealthBar({ label, cols }: { label: string; cols: HealthColours }): ReactElement {
  const shares = colourShares(cols);
  return (
    <Box component="section" aria-label={`${label} heal`} sx={{ mb: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        role="img"
        aria-label={colourOrder.map((c) => `${colourNames[c]} ${Math.round(shares[c])}%`).join(', ')}
        sx={{ display: 'flex', height: 22, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        {colourOrder.map((c) =>
          shares[c] > 0 ? (
            <Box key={c} sx={{ width: `${shares[c]}%`, bgcolor: colourFill[c], transition: 'width 300ms' }} />
          ) : null,
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mt: 0.5, flexWrap: 'wrap' }}>
        {colourOrder.map((c) => (
          <Tooltip key={c} title={colourMeaning[c]}>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}
            >
              <Box
                component="span"
                sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colourFill[c] }}
              />
              {colourNames[c]} {formatCount(cols[c])} ({Math.round(shares[c])}%)
            </Typography>
          </Tooltip>
        ))}
      </Box>
    </Box>
  );
}

/**
 * /heal (spec 3 "Live tools", §4 "Heal"): choose a bucket and optionally a prefix, the options (recursive,
 * dry run, deep scan, remove dangling; Force Start and Force Stop exclude each other) and Start; the heal
 * runs on the server and its progress — the items' health before and after as colour bars, and the
 * counters — shows live until the server closes the socket. Healing rebuilds erasure-coded shards, so
 * the page is offered whenever the server stores objects erasure coded.
 */
export function HealPage(): ReactElement {
  const [form, setForm] = useState<HealForm>(emptyHealForm);
  const live = useLiveSocket(healProgressSchema);
  const { state, rows, closedWith, closeCode } = live;
  const locked = state !== 'stopped';
  const { known } = useBucketNames(form.bucket);
  const progress = rows[0]?.message;
  const flag = (key: 'recursive' | 'dryRun' | 'deepScan' | 'remove', label: string, hint: string) => (
    <FormControlLabel
      control={
        <Checkbox checked={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.checked })} />
      }
      label={<span title={hint}>{label}</span>}
      disabled={locked}
    />
  );
  const force = (key: 'forceStart' | 'forceStop', label: string) => (
    <FormControlLabel
      control={
        <Checkbox checked={form[key]} onChange={(e) => setForm(withForce(form, key, e.target.checked))} />
      }
      label={label}
      disabled={locked}
    />
  );

  return (
    <Box>
      <PageHeader
        title="Heal"
        subtitle="Rebuild missing or damaged shards of erasure-coded objects from the other drives"
        actions={<LiveStateChip state={state} startedLabel="Healing" />}
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        This server stores objects erasure coded: each object is split into data and parity shards across its
        drives, so shards lost on a drive can be rebuilt from the others. Heal is offered because of that,
        whether or not the drives are on several servers.
      </Alert>
      <BackgroundHealCard />
      <Card component="section" aria-label="Heal options" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <FormControlLabel
            control={
              <Switch
                checked={form.allBuckets}
                onChange={(e) => setForm({ ...form, allBuckets: e.target.checked })}
              />
            }
            label="All buckets"
            disabled={locked}
            sx={{ mt: 0.5 }}
          />
          <BucketPicker
            value={form.bucket}
            onChange={(bucket) => setForm({ ...form, bucket })}
            disabled={locked || form.allBuckets}
          />
          <TextField
            size="small"
            label="Prefix"
            value={form.allBuckets ? '' : form.prefix}
            onChange={(e) => setForm({ ...form, prefix: e.target.value })}
            disabled={locked || form.allBuckets}
            sx={{ width: 240 }}
          />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={<PlayArrowOutlined />}
            disabled={locked || !(known || form.allBuckets)}
            onClick={() => live.start(healSocketPath(form))}
          >
            Start
          </Button>
        </Box>
        <FormGroup row sx={{ mt: 1 }}>
          {flag('recursive', 'Recursive', 'Heal every object under the prefix, not only the bucket')}
          {flag('dryRun', 'Dry Run', 'Only report what is missing or damaged; change nothing')}
          {flag(
            'deepScan',
            'Deep Scan',
            'Read every shard and verify its checksum (finds silent corruption)',
          )}
          {flag('remove', 'Remove Dangling', 'Remove copies of writes that never reached enough drives')}
          {force('forceStart', 'Force Start')}
          {force('forceStop', 'Force Stop')}
        </FormGroup>
      </Card>
      {closedWith !== null && (
        <Alert severity={closeCode === 1000 ? 'success' : 'error'} sx={{ mb: 2 }} onClose={live.dismiss}>
          {closeCode === 1000 ? closedWith : `Heal stopped: ${closedWith}`}
        </Alert>
      )}
      {progress === undefined ? (
        <EmptyState icon={<HealingOutlined />} title={locked ? 'Starting the heal…' : 'No heal running'}>
          Choose a bucket (or All buckets) and press Start. The progress of the heal shows here.
        </EmptyState>
      ) : (
        <Card component="section" aria-label="Heal progress" sx={{ p: 2 }}>
          <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0, mb: 2 }}>
            <Metric label="Status">{progress.summary}</Metric>
            <Metric label="Items scanned">{formatCount(progress.itemsScanned)}</Metric>
            <Metric label="Objects scanned">{formatCount(progress.objectsScanned)}</Metric>
            <Metric label="Objects healed">{formatCount(progress.objectsHealed)}</Metric>
            <Metric label="Bytes scanned">{formatBytes(progress.bytesScanned)}</Metric>
            <Metric label="Duration">{`${progress.healDuration.toFixed(1)} s`}</Metric>
          </Box>
          <HealthBar label="Before" cols={progress.healthBeforeCols} />
          <HealthBar label="After" cols={progress.healthAfterCols} />
        </Card>
      )}
    </Box>
  );
}
