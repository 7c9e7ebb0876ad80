// SPDX-License-Identifier: Apache-2.0
import { Stack } from '@mui/material';
import type { ReactElement } from 'react';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useConsoleLicense, useServerLicense } from '../api/license';
import { ConsoleLicenseCard } from '../components/console-license-card';
import { NoticesSection } from '../components/notices-section';
import { ServerLicenseCard } from '../components/server-license-card';

/**
 * /license (spec 3 §2 "License page", adapted to this project, issue 40): the console's own licence
 * (Apache-2.0, the full text in a dialog), the licence of the managed server as its admin API reports it
 * (a MinIO subscription panel only when the server reports one), and the searchable third-party notices.
 */
export function LicensePage(): ReactElement {
  const license = useConsoleLicense();
  const server = useServerLicense();
  return (
    <>
      <PageHeader
        title="License"
        subtitle="The licences of this console, of the server it manages and of what it ships with"
      />
      <Stack spacing={3}>
        {license.isPending && <LoadingMessage />}
        {license.isError && <QueryErrorAlert error={license.error} onRetry={() => void license.refetch()} />}
        {license.data && <ConsoleLicenseCard data={license.data} />}
        {server.isError && <QueryErrorAlert error={server.error} onRetry={() => void server.refetch()} />}
        {server.data && <ServerLicenseCard data={server.data} />}
        {license.data && <NoticesSection notices={license.data.notices} />}
      </Stack>
    </>
  );
}
