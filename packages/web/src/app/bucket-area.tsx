// SPDX-License-Identifier: Apache-2.0
import { lazy, type ReactElement, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingMessage } from '@/shared/ui/loading-message';

const BucketPages = lazy(() =>
  import('@/features/buckets/routes/bucket-pages').then((m) => ({ default: m.BucketPages })),
);
const ObjectBrowserPage = lazy(() =>
  import('@/features/objects/routes/object-browser-page').then((m) => ({ default: m.ObjectBrowserPage })),
);

/**
 * Everything under /buckets/*: the object browser (/buckets/{b}/browse/...) belongs to the objects feature,
 * the rest (admin screen, redirects) to the buckets feature. Composed here because features do not import
 * each other.
 */
export function BucketArea(): ReactElement {
  return (
    <Suspense fallback={<LoadingMessage />}>
      <Routes>
        <Route path=":bucketName/browse/*" element={<ObjectBrowserPage />} />
        <Route path="*" element={<BucketPages />} />
      </Routes>
    </Suspense>
  );
}
