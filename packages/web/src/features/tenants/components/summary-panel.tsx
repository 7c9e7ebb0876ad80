// SPDX-License-Identifier: Apache-2.0
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import LaunchOutlined from '@mui/icons-material/LaunchOutlined';
import { Alert, Box, Button, Chip, LinearProgress, Link, Tooltip, Typography } from '@mui/material';
import { apiPaths, links, type TenantDetail } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorText } from '@/shared/api/api-error';
import { withBasePath } from '@/shared/api/base-path';
import { formatBytes } from '@/shared/format/format-bytes';
import { Metric } from '@/shared/ui/metric';
import { useTenantUsage } from '../api/tenant';
import { SectionCard } from './section-card';

function Feature({ label, on }: { label: string; on: boolean }): ReactElement {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography variant="body2">{label}</Typography>
      <Chip
        size="small"
        label={on ? 'Enabled' : 'Disabled'}
        color={on ? 'success' : 'default'}
        variant="outlined"
        aria-label={`${label}: ${on ? 'Enabled' : 'Disabled'}`}
      />
    </Box>
  );
}

/** The Summary's storage bar: disk_used against the capacity; a failed usage call shows its message (§8). */
function UsageBar({ tenant }: { tenant: TenantDetail }): ReactElement {
  const usage = useTenantUsage(tenant.namespace, tenant.name);
  const capacity = tenant.total_size;
  const used = usage.data?.disk_used ?? 0;
  const percent = capacity > 0 ? Math.min(100, (used / capacity) * 100) : 0;
  return (
    <SectionCard title="Storage">
      {usage.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorText(usage.error)}
        </Alert>
      )}
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Storage usage"
        sx={{ height: 10, borderRadius: 5, mb: 1 }}
      />
      <Typography variant="body2" color="text.secondary">
        {formatBytes(used)} used of {formatBytes(capacity)}
      </Typography>
    </SectionCard>
  );
}

/**
 * Summary tab (spec 3 §2): Details, the storage bar, Health (drives online/offline, write quorum), Manage
 * Tenant and the Features block.
 */
export function SummaryPanel({ tenant: t }: { tenant: TenantDetail }): ReactElement {
  const s = t.status;
  return (
    <Box>
      <SectionCard
        title="Details"
        action={
          <Button
            variant="contained"
            size="small"
            component={RouterLink}
            to={links.tenantDetails(t.namespace, t.name, 'hop')}
            startIcon={<LaunchOutlined />}
          >
            Manage Tenant
          </Button>
        }
      >
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
          <Metric label="Capacity">{formatBytes(t.total_size)}</Metric>
          <Metric label="Instances">{t.total_instances}</Metric>
          <Metric label="Clusters">{t.pool_count}</Metric>
          <Metric label="Volumes">{t.total_volumes}</Metric>
          <Metric label="State">{t.currentState || '-'}</Metric>
          <Metric label="Endpoint">
            <Link href={t.endpoints.minio} target="_blank" rel="noopener noreferrer" aria-label="Endpoint">
              {t.endpoints.minio}
            </Link>
          </Metric>
          <Metric label="Console">
            {t.endpoints.console ? (
              <Link href={t.endpoints.console} target="_blank" rel="noopener noreferrer" aria-label="Console">
                {t.endpoints.console}
              </Link>
            ) : (
              '-'
            )}
          </Metric>
          <Metric label="MinIO">
            <Tooltip title="Tenants on this machine run this build of the store: their image cannot be changed here.">
              <span>
                <Button
                  size="small"
                  variant="outlined"
                  disabled
                  aria-label={`Image ${t.image}`}
                  sx={{
                    '&.Mui-disabled': { color: 'text.secondary', borderColor: 'divider' },
                    textTransform: 'none',
                  }}
                >
                  {t.image}
                </Button>
              </span>
            </Tooltip>
          </Metric>
        </Box>
        {t.minioTLS && (
          <Button
            size="small"
            sx={{ mt: 2 }}
            startIcon={<DownloadOutlined />}
            href={withBasePath(apiPaths.operatorCa)}
            download="operator-ca.crt"
          >
            Download CA certificate
          </Button>
        )}
      </SectionCard>
      <UsageBar tenant={t} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <SectionCard title="Health">
          <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
            <Metric label="Drives Online">{s.drives_online ?? 0}</Metric>
            <Metric label="Drives Offline">{s.drives_offline ?? 0}</Metric>
            <Metric label="Write Quorum">{s.write_quorum ?? 0}</Metric>
          </Box>
        </SectionCard>
        <SectionCard title="Features">
          <Feature label="Logs" on={t.logEnabled} />
          <Feature label="MinIO TLS" on={t.minioTLS} />
          <Feature label="AD/LDAP" on={t.idpAdEnabled} />
          <Feature label="Monitoring" on={t.monitoringEnabled} />
          <Feature label="Encryption" on={t.encryptionEnabled} />
          <Feature label="OpenID" on={t.idpOidcEnabled} />
        </SectionCard>
      </Box>
    </Box>
  );
}
