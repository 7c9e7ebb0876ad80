// SPDX-License-Identifier: Apache-2.0
import { Box, Card, Chip, LinearProgress, Typography } from '@mui/material';
import type { DashboardDrive, DashboardServer } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { CardTitle } from '@/shared/ui/card-title';
import { Metric } from '@/shared/ui/metric';
import { countUp, formatUptime, usedPercent } from '../lib/dashboard-rules';
import { StateDot } from './state-dot';

/** How full a drive (or the sum of a server's drives) is, as a bar and a line of text. */
function UsageBar({
  used,
  available,
  total,
}: {
  used: number;
  available: number;
  total: number;
}): ReactElement {
  const percent = usedPercent({ usedSpace: used, availableSpace: available, totalSpace: total });
  return (
    <Box sx={{ minWidth: 180, flex: '1 1 200px' }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 90 ? 'error' : percent >= 75 ? 'warning' : 'primary'}
        aria-label="Used space"
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
        {formatBytes(used)} used · {formatBytes(available)} available · {Math.round(percent)}% full
      </Typography>
    </Box>
  );
}

function Header({ up, title, state }: { up: boolean; title: string; state: string }): ReactElement {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0, flex: '1 1 260px' }}>
      <StateDot up={up} label={state} />
      <CardTitle text={title} level="h3" />
      <Chip size="small" variant="outlined" color={up ? 'success' : 'error'} label={state} />
    </Box>
  );
}

const cardSx = { px: 2.5, py: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 3 } as const;

/** A server of the Servers tab: state, endpoint, uptime, version, peers and drives online, storage used. */
export function ServerCard({ server }: { server: DashboardServer }): ReactElement {
  const up = server.state === 'online';
  const peers = countUp(Object.values(server.network), (s) => s === 'online');
  const drives = countUp(server.drives, (d) => d.state === 'ok');
  const online = server.drives.filter((d) => d.state === 'ok');
  const sum = (f: (d: DashboardDrive) => number): number => online.reduce((n, d) => n + f(d), 0);
  return (
    <Card component="article" aria-label={server.endpoint} sx={cardSx}>
      <Header up={up} title={server.endpoint} state={up ? 'Online' : 'Offline'} />
      <Box component="dl" sx={{ display: 'flex', gap: 3, m: 0, flexWrap: 'wrap' }}>
        <Metric label="Uptime">{up ? formatUptime(server.uptime) : '-'}</Metric>
        <Metric label="Version">{server.version || '-'}</Metric>
        <Metric label="Network">
          {peers.up}/{peers.total} online
        </Metric>
        <Metric label="Drives">
          {drives.up}/{drives.total} online
        </Metric>
      </Box>
      <UsageBar
        used={sum((d) => d.usedSpace)}
        available={sum((d) => d.availableSpace)}
        total={sum((d) => d.totalSpace)}
      />
    </Card>
  );
}

/** A drive of the Drives tab: state, path, the server, pool and erasure set it is in, its UUID and its space. */
export function DriveCard({ server, drive }: { server: string; drive: DashboardDrive }): ReactElement {
  const up = drive.state === 'ok';
  return (
    <Card component="article" aria-label={drive.endpoint} sx={cardSx}>
      <Header up={up} title={drive.endpoint} state={up ? 'OK' : 'Offline'} />
      <Box component="dl" sx={{ display: 'flex', gap: 3, m: 0, flexWrap: 'wrap' }}>
        <Metric label="Server">{server}</Metric>
        <Metric label="Pool">
          {drive.pool + 1} · set {drive.set + 1}
        </Metric>
        <Metric label="UUID">
          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
            {drive.uuid || '-'}
          </Box>
        </Metric>
        <Metric label="Size">{up ? formatBytes(drive.totalSpace) : '-'}</Metric>
      </Box>
      {up ? (
        <UsageBar used={drive.usedSpace} available={drive.availableSpace} total={drive.totalSpace} />
      ) : (
        <Typography color="error" variant="body2" sx={{ flex: '1 1 200px' }}>
          The server cannot reach this drive.
        </Typography>
      )}
    </Card>
  );
}
