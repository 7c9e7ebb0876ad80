// SPDX-License-Identifier: Apache-2.0
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { Box, Breadcrumbs, Button, IconButton, Link, Tooltip, Typography } from '@mui/material';
import { links, pagePaths } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ProxiedFrame, tenantProxyUrl } from '../components/metrics-panel';

/**
 * /namespaces/{ns}/tenants/{tenant}/hop (spec 3 §2 "Tenant management page"): 'Tenants > {tenant} >
 * Management', refresh and back, and the tenant's own console (`cp=y`), full width (no side menu).
 */
export function TenantHopPage(): ReactElement {
  const { tenantNamespace: ns = '', tenantName: name = '' } = useParams();
  const [generation, setGeneration] = useState(0);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Tooltip title="Back to the tenant">
          <IconButton component={RouterLink} to={links.tenantDetails(ns, name)} aria-label="Back">
            <ArrowBackOutlined />
          </IconButton>
        </Tooltip>
        <Breadcrumbs aria-label="breadcrumb" sx={{ flex: 1 }}>
          <Link component={RouterLink} to={pagePaths.tenants} underline="hover" color="inherit">
            Tenants
          </Link>
          <Link component={RouterLink} to={links.tenantDetails(ns, name)} underline="hover" color="inherit">
            {name}
          </Link>
          <Typography color="text.primary">Management</Typography>
        </Breadcrumbs>
        <Button startIcon={<RefreshOutlined />} onClick={() => setGeneration((g) => g + 1)}>
          Refresh
        </Button>
      </Box>
      <ProxiedFrame
        key={generation}
        src={tenantProxyUrl(ns, name, 'manage')}
        title={`Management of ${name}`}
        height="calc(100vh - 120px)"
      />
    </Box>
  );
}
