// SPDX-License-Identifier: Apache-2.0
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import {
  Box,
  Button,
  Chip,
  Link,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type SiteReplicationEntityType, siteReplicationEntityTypes } from '@stowage/contracts';
import { type ReactElement, type ReactNode, useState } from 'react';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { type EntityLookup, useSiteReplicationStatus } from '../api/site-replication';
import { entitySiteRows, type Share, siteSummaryRows } from '../lib/site-replication-status';

const entityLabels: Record<SiteReplicationEntityType, string> = {
  bucket: 'Bucket',
  user: 'User',
  group: 'Group',
  policy: 'Policy',
};

/** In sync (green) or what is wrong (red), as a chip. */
function StateChip({ ok, label }: { ok: boolean; label: string }): ReactElement {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ok ? 'success' : 'error'}
      icon={ok ? <CheckCircleOutlined /> : <ErrorOutlineOutlined />}
      label={label}
      data-state={ok ? 'in-sync' : 'out-of-sync'}
    />
  );
}

const share = (s: Share): string => `${s.have} / ${s.of}`;

/** A table of the sites: name and endpoint, then the columns of `headers`. */
function SitesTable(props: {
  label: string;
  headers: string[];
  rows: { site: { deploymentID: string; name: string; endpoint: string }; cells: ReactNode[] }[];
}): ReactElement {
  return (
    <Table size="small" aria-label={props.label}>
      <TableHead>
        <TableRow>
          {['Site', 'Endpoint', ...props.headers].map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.map(({ site, cells }) => (
          <TableRow key={site.deploymentID} aria-label={site.name}>
            <TableCell sx={{ fontWeight: 600 }}>{site.name}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{site.endpoint}</TableCell>
            {cells.map((c, i) => (
              <TableCell key={props.headers[i]}>{c}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Per site: what it holds of the most seen anywhere, and whether it is in sync. */
function Summary(): ReactElement {
  const status = useSiteReplicationStatus();
  if (status.isPending) return <LoadingMessage label="Loading the replication status…" />;
  if (status.isError) return <QueryErrorAlert error={status.error} onRetry={() => void status.refetch()} />;
  const rows = siteSummaryRows(status.data);
  const allInSync = rows.length > 0 && rows.every((r) => r.inSync);
  return (
    <Box component="section" aria-label="Replication summary" sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Summary
        </Typography>
        <StateChip ok={allInSync} label={allInSync ? 'All sites in sync' : 'Sites out of sync'} />
      </Box>
      <SitesTable
        label="Sites"
        headers={['Buckets', 'Users', 'Groups', 'Policies', 'State']}
        rows={rows.map((r) => ({
          site: r,
          cells: [
            share(r.buckets),
            share(r.users),
            share(r.groups),
            share(r.policies),
            <StateChip key="state" ok={r.inSync} label={r.inSync ? 'In sync' : 'Out of sync'} />,
          ],
        }))}
      />
    </Box>
  );
}

/** Each site's state of the looked-up item. */
function LookupResult({ lookup }: { lookup: EntityLookup }): ReactElement {
  const status = useSiteReplicationStatus(lookup);
  if (status.isPending) return <LoadingMessage label={`Looking up ${lookup.entityValue}…`} />;
  if (status.isError) return <QueryErrorAlert error={status.error} onRetry={() => void status.refetch()} />;
  const rows = entitySiteRows(status.data, lookup.entityType, lookup.entityValue);
  return (
    <SitesTable
      label={`${entityLabels[lookup.entityType]} ${lookup.entityValue} at each site`}
      headers={['State']}
      rows={rows.map((r) => ({ site: r, cells: [<StateChip key="state" ok={r.ok} label={r.state} />] }))}
    />
  );
}

/**
 * Replication Status (issue 34, as MinIO Console): the summary of every site, then the entity lookup — a
 * bucket, user, group or policy by name — with each site's state (in sync, missing, or what differs).
 */
export function SiteReplicationStatusPanel({ onBack }: { onBack: () => void }): ReactElement {
  const [entityType, setEntityType] = useState<SiteReplicationEntityType>('bucket');
  const [entityValue, setEntityValue] = useState('');
  const [lookup, setLookup] = useState<EntityLookup | null>(null);
  const [tried, setTried] = useState(false);
  const missing = entityValue.trim() === '';
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Link component="button" underline="hover" onClick={onBack} sx={{ display: 'flex', gap: 0.5, mb: 2 }}>
        <ArrowBackOutlined fontSize="small" /> Back To Site Replication
      </Link>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Replication Status
      </Typography>
      <Summary />
      <Box
        component="form"
        aria-label="Entity lookup"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!missing) setLookup({ entityType, entityValue: entityValue.trim() });
        }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
          Entity lookup
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
          <TextField
            select
            size="small"
            label="Entity Type"
            value={entityType}
            onChange={(e) => setEntityType(e.target.value as SiteReplicationEntityType)}
            sx={{ minWidth: 140 }}
          >
            {siteReplicationEntityTypes.map((t) => (
              <MenuItem key={t} value={t}>
                {entityLabels[t]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Entity Value"
            placeholder={`${entityLabels[entityType]} name`}
            value={entityValue}
            error={tried && missing}
            helperText={tried && missing ? `Enter the ${entityType} name to look up` : ' '}
            onChange={(e) => setEntityValue(e.target.value)}
            sx={{ minWidth: 260 }}
          />
          <Button type="submit" variant="contained">
            Look Up
          </Button>
        </Box>
      </Box>
      {lookup && <LookupResult lookup={lookup} />}
    </Paper>
  );
}
