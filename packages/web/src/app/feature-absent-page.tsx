// SPDX-License-Identifier: Apache-2.0
import ExtensionOffOutlined from '@mui/icons-material/ExtensionOffOutlined';
import { Box, Button } from '@mui/material';
import { pagePaths } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AbsentFeature } from '@/shared/session/capabilities';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';

/**
 * Shown at a page whose feature the server lacks (issue 24: e.g. Users on Ceph RGW): what is missing and
 * what to do instead, rather than a failing screen. Buckets and the object browser work everywhere.
 */
export function FeatureAbsentPage({ absent }: { absent: AbsentFeature }): ReactElement {
  return (
    <Box>
      <PageHeader title={absent.page} />
      <EmptyState
        icon={<ExtensionOffOutlined fontSize="large" />}
        title={absent.title}
        action={
          <Button component={RouterLink} to={pagePaths.buckets} variant="contained">
            Go to Buckets
          </Button>
        }
      >
        {absent.explanation} Buckets and the object browser work on any S3 server.
      </EmptyState>
    </Box>
  );
}
