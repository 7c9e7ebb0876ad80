// SPDX-License-Identifier: Apache-2.0
import NavigateNextOutlined from '@mui/icons-material/NavigateNextOutlined';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import { links } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { breadcrumbs } from '../lib/object-paths';

/** Bucket → each folder of the path; every crumb but the current one links to its folder. */
export function ObjectBreadcrumbs({ bucket, path }: { bucket: string; path: string }): ReactElement {
  const crumbs = breadcrumbs(bucket, path);
  return (
    <Breadcrumbs
      aria-label="Object path"
      separator={<NavigateNextOutlined fontSize="small" />}
      maxItems={8}
      itemsAfterCollapse={4}
      sx={{ '& ol': { flexWrap: 'wrap' } }}
    >
      {crumbs.map((c, i) =>
        i === crumbs.length - 1 ? (
          <Typography key={c.path} color="text.primary" aria-current="page" sx={{ fontWeight: 600 }}>
            {c.label}
          </Typography>
        ) : (
          <Link key={c.path} component={RouterLink} to={links.bucketBrowse(bucket, c.path)} underline="hover">
            {c.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
