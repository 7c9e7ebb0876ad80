// SPDX-License-Identifier: Apache-2.0
import { Box } from '@mui/material';
import { apiPaths, fillApiPath } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { withBasePath } from '@/shared/api/base-path';
import { LoadingMessage } from '@/shared/ui/loading-message';

/** The tenant's console, served by this console through its proxy path (`cp=y` or `/metrics`). */
export function tenantProxyUrl(ns: string, tenant: string, page: 'manage' | 'metrics'): string {
  const base = withBasePath(fillApiPath(apiPaths.tenantProxy, { ns, tenant }));
  return page === 'manage' ? `${base}?cp=y` : `${base}metrics`;
}

/** An embedded proxied page with a loader until it has loaded (spec 3 §2 Metrics, Management). */
export function ProxiedFrame({
  src,
  title,
  height,
}: {
  src: string;
  title: string;
  height: string;
}): ReactElement {
  const [loaded, setLoaded] = useState(false);
  return (
    <Box sx={{ position: 'relative', height }}>
      {!loaded && (
        <Box sx={{ position: 'absolute', inset: 0 }}>
          <LoadingMessage />
        </Box>
      )}
      <Box
        component="iframe"
        title={title}
        src={src}
        onLoad={() => setLoaded(true)}
        sx={{
          width: '100%',
          height: '100%',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          visibility: loaded ? 'visible' : 'hidden',
        }}
      />
    </Box>
  );
}

/** Metrics tab (spec 3 §2): /api/proxy/{ns}/{tenant}/metrics, embedded. */
export function MetricsPanel({ ns, tenant }: { ns: string; tenant: string }): ReactElement {
  return (
    <ProxiedFrame src={tenantProxyUrl(ns, tenant, 'metrics')} title={`Metrics of ${tenant}`} height="75vh" />
  );
}
