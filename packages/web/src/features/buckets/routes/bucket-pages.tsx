import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import { Button } from '@mui/material';
import { links } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { Navigate, Route, Link as RouterLink, Routes, useParams } from 'react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { BucketAdminPage } from './bucket-admin-page';

function ToSummary(): ReactElement {
  const { bucketName = '' } = useParams();
  return <Navigate to={links.bucketAdmin(bucketName)} replace />;
}

function BrowsePlaceholder(): ReactElement {
  const { bucketName = '' } = useParams();
  return (
    <EmptyState
      icon={<TravelExploreOutlined />}
      title="The object browser is not available in this version yet"
      action={
        <Button component={RouterLink} to={links.bucketAdmin(bucketName)} variant="contained">
          Manage {bucketName}
        </Button>
      }
    >
      Browsing, uploading and downloading objects come with a later version.
    </EmptyState>
  );
}

/**
 * The pages under /buckets/* (spec 1 §2.5, §2.6): bare /buckets/{bucket} and /buckets/{bucket}/admin go to
 * the summary tab; /buckets/{bucket}/admin/{tab} is the admin screen.
 */
export function BucketPages(): ReactElement {
  return (
    <Routes>
      <Route path=":bucketName" element={<ToSummary />} />
      <Route path=":bucketName/admin" element={<ToSummary />} />
      <Route path=":bucketName/admin/:tab" element={<BucketAdminPage />} />
      <Route path=":bucketName/browse/*" element={<BrowsePlaceholder />} />
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
