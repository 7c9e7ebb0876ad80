// SPDX-License-Identifier: Apache-2.0
import { Box, Tab, Tabs } from '@mui/material';
import { pagePaths } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { PageHeader } from '@/shared/ui/page-header';
import { DrivesList } from '../components/drives-list';
import { VolumesList } from '../components/volumes-list';

/**
 * /storage (spec 3 §2 "Storage section"): Volumes and Drives; any other path goes to /storage/volumes.
 */
export function StoragePage(): ReactElement {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const tab = path.endsWith('/drives')
    ? pagePaths.storageDrives
    : path.endsWith('/volumes')
      ? pagePaths.storageVolumes
      : null;
  if (tab === null) return <Navigate to={pagePaths.storageVolumes} replace />;
  return (
    <Box>
      <PageHeader title="Storage" subtitle="The tenants' volumes and the storage roots they live on." />
      <Tabs value={tab} aria-label="Storage sections" sx={{ mb: 3 }}>
        <Tab
          label="Volumes"
          value={pagePaths.storageVolumes}
          component={RouterLink}
          to={pagePaths.storageVolumes}
        />
        <Tab
          label="Drives"
          value={pagePaths.storageDrives}
          component={RouterLink}
          to={pagePaths.storageDrives}
        />
      </Tabs>
      {tab === pagePaths.storageDrives ? <DrivesList /> : <VolumesList />}
    </Box>
  );
}
