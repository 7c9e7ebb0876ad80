import type { ReactElement } from 'react';
import { useParams } from 'react-router';

/** /buckets/{bucketName}/browse/{path*} (spec 1 §2.6). Placeholder until the listing lands (issue 7). */
export function ObjectBrowserPage(): ReactElement {
  const { bucketName = '' } = useParams();
  return <div>Object browser of {bucketName}</div>;
}
