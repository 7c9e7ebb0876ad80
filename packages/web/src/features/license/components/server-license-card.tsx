// SPDX-License-Identifier: Apache-2.0
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Alert, Box, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import type { ServerLicenseResponse, ServerSubscription } from '@stowage/contracts';
import type { ReactElement } from 'react';

/** MinIO's subscription portal, where a subscriber signs in (spec 3 "Login to SUBNET"). */
const SUBNET_URL = 'https://subnet.min.io';

const kindTitle: Record<ServerLicenseResponse['kind'], string> = {
  stowage: 'Embedded Stowage store',
  minio: 'MinIO',
  unknown: 'Storage server',
};

function Row({ label, value }: { label: string; value: ReactElement | string }): ReactElement {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The subscription panel (spec 3 §2, §3): only what the server reported, never a made-up plan. */
function SubscriptionPanel({ s }: { s: ServerSubscription }): ReactElement {
  return (
    <Box component="section" aria-label="Subscription" sx={{ mt: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 700 }}>
          Commercial License
        </Typography>
        {s.trial && <Chip size="small" label="Trial" />}
        {s.expired && <Chip size="small" color="error" label="Expired" />}
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.75, m: 0 }}
      >
        <Row label="Organization" value={s.organization || '-'} />
        <Row label="Plan" value={s.plan || '-'} />
        <Row label="License ID" value={s.id || '-'} />
        <Row label="Issued" value={s.issuedAt || '-'} />
        <Row label="Expires" value={s.expiresAt || '-'} />
      </Box>
      <Link
        href={SUBNET_URL}
        target="_blank"
        rel="noopener"
        sx={{ display: 'inline-flex', gap: 0.5, mt: 1.5 }}
      >
        Login to SUBNET <OpenInNew sx={{ fontSize: 16 }} />
      </Link>
    </Box>
  );
}

/** The managed server's licence as its admin API reports it. */
export function ServerLicenseCard({ data }: { data: ServerLicenseResponse }): ReactElement {
  return (
    <Card variant="outlined" component="section" aria-label="Server licence">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <DnsOutlined color="action" sx={{ fontSize: 36, mt: 0.5 }} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                {kindTitle[data.kind]}
                {data.version ? ` ${data.version}` : ''}
              </Typography>
              {data.license && <Chip size="small" color="primary" label={data.license} />}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: 760 }}>
              {data.detail}
            </Typography>
            {data.subscription ? (
              <SubscriptionPanel s={data.subscription} />
            ) : (
              data.kind === 'minio' && (
                <Alert severity="info" sx={{ mt: 2, maxWidth: 760 }}>
                  No subscription is reported, so no plan or subscription details are shown.
                </Alert>
              )
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
