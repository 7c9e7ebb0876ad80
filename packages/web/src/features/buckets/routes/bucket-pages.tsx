// SPDX-License-Identifier: Apache-2.0
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import { links } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { BucketAdminPage } from './bucket-admin-page';

function ToSummary(): ReactElement {
  const { bucketName = '' } = useParams();
  return <Navigate to={links.bucketAdmin(bucketName)} replace />;
}

/**
 * The pages under /buckets/* (spec 1 §2.5, §2.6): bare /buckets/{bucket} and /buckets/{bucket}/admin go to
 * the summary tab; /buckets/{bucket}/admin/{tab} is the admin screen. The object browser (/buckets/{b}/browse)
 * is the objects feature's, composed beside this in app/bucket-area.tsx.
 */
export function BucketPages(): ReactElement {
  return (
    <Routes>
      <Route path=":bucketName" element={<ToSummary />} />
      <Route path=":bucketName/admin" element={<ToSummary />} />
      <Route path=":bucketName/admin/:tab" element={<BucketAdminPage />} />
      <Route
        path="*"
        element={
          <EmptyState icon={<TravelExploreOutlined />} title="404 Not Found">
            There is no such bucket page.
          </EmptyState>
        }
      />
    </Routes>
  );
}
