// SPDX-License-Identifier: Apache-2.0
import { Box, TableCell, Typography } from '@mui/material';
import type { RgwUser } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatCount } from '@/shared/format/format-number';
import { ListTable } from '@/shared/ui/list-page';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useRgwUserBuckets } from '../api/list-rgw-user-buckets';

/**
 * The buckets on the user's list with the size and objects RGW counts (issue 36): what the user quota
 * weighs, which an administrator cannot list through S3 (ListBuckets names only their own buckets).
 */
export function RgwUserBuckets({ user }: { user: RgwUser }): ReactElement {
  const buckets = useRgwUserBuckets(user.uid);
  let body: ReactElement;
  if (buckets.isPending) body = <LoadingMessage />;
  else if (buckets.isError)
    body = <QueryErrorAlert error={buckets.error} onRetry={() => void buckets.refetch()} />;
  else {
    const list = buckets.data.buckets;
    const size = list.reduce((sum, b) => sum + b.sizeBytes, 0);
    const objects = list.reduce((sum, b) => sum + b.objects, 0);
    body = (
      <>
        <ListTable
          label="Buckets"
          columns={[
            { header: 'Bucket' },
            { header: 'Size', align: 'right' },
            { header: 'Objects', align: 'right' },
          ]}
          rows={list}
          rowKey={(b) => b.bucket}
          noRows={<Typography color="text.secondary">This user has no buckets.</Typography>}
          cells={(b) => (
            <>
              <TableCell>{b.bucket}</TableCell>
              <TableCell align="right">{formatBytes(b.sizeBytes)}</TableCell>
              <TableCell align="right">{formatCount(b.objects)}</TableCell>
            </>
          )}
        />
        {list.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-label="Buckets total">
            {`In all: ${formatBytes(size)} · ${formatCount(objects)} ${objects === 1 ? 'object' : 'objects'}`}
          </Typography>
        )}
      </>
    );
  }
  return (
    <Box component="section" aria-label="Buckets" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Buckets
      </Typography>
      {body}
    </Box>
  );
}
