// SPDX-License-Identifier: Apache-2.0
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { Box, Button, Link } from '@mui/material';
import { pagePaths, type TenantDetail } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatBytes } from '@/shared/format/format-bytes';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { Metric } from '@/shared/ui/metric';
import { useSnackbar } from '@/shared/ui/snackbar';
import { useActivateTenant, useSubscriptionInfo } from '../api/subscription';
import { SectionCard } from './section-card';

/** Spec 3 §9: 1 TB of licence capacity is 2^40 bytes; dates show as YYYY-MM-DD. */
const tb = 1024 ** 4;

/**
 * License tab (spec 3 §2): the tenant's licence, else an Activate Product link to /license when there is
 * no subscription, else Attach License (activation reloads the tenant and the subscription, §4).
 */
export function LicensePanel({ tenant }: { tenant: TenantDetail }): ReactElement {
  const subscription = useSubscriptionInfo();
  const activate = useActivateTenant(tenant.namespace, tenant.name);
  const { showMessage, showError } = useSnackbar();
  const l = tenant.subnet_license;

  if (l?.organization) {
    return (
      <SectionCard title="License">
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
          <Metric label="Licensed to">{l.organization}</Metric>
          <Metric label="Capacity">{formatBytes((l.storage_capacity ?? 0) * tb)}</Metric>
          <Metric label="Plan">{l.plan ?? '-'}</Metric>
          <Metric label="Expiry Date">{l.expires_at ? l.expires_at.slice(0, 10) : '-'}</Metric>
          <Metric label="Requester">{l.email ?? '-'}</Metric>
        </Box>
      </SectionCard>
    );
  }
  if (subscription.isPending) return <LoadingMessage />;
  if (!subscription.data) {
    return (
      <EmptyState
        icon={<VerifiedOutlined />}
        title="This tenant has no license"
        action={
          <Link component={RouterLink} to={pagePaths.license}>
            Activate Product
          </Link>
        }
      >
        Activate a subscription for the operator first; then attach its license to this tenant.
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={<VerifiedOutlined />}
      title="This tenant has no license"
      action={
        <Button
          variant="contained"
          disabled={activate.isPending}
          onClick={() =>
            activate.mutate(undefined, {
              onSuccess: () => showMessage('License attached.'),
              onError: showError,
            })
          }
        >
          Attach License
        </Button>
      }
    >
      Attach the operator's {subscription.data.plan} license of {subscription.data.organization} to this
      tenant.
    </EmptyState>
  );
}
