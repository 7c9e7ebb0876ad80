// SPDX-License-Identifier: Apache-2.0
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import { Box, Button, Card, Checkbox, Chip, Tooltip, Typography } from '@mui/material';
import { type Bucket, links } from '@stowage/contracts';
import { memo, type ReactElement, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatDateTime } from '@/shared/format/format-date';
import { formatCount } from '@/shared/format/format-number';
import { CardTitle } from '@/shared/ui/card-title';
import { IconTile } from '@/shared/ui/icon-tile';
import { Metric } from '@/shared/ui/metric';
import { accessDescription, accessLabel } from './access-label';

function BucketLinkButton({
  to,
  label,
  variant,
  icon,
  children,
}: {
  to: string;
  label: string;
  variant: 'outlined' | 'contained';
  icon: ReactElement;
  children: ReactNode;
}): ReactElement {
  return (
    <Button component={RouterLink} to={to} variant={variant} size="small" startIcon={icon} aria-label={label}>
      {children}
    </Button>
  );
}

/**
 * One bucket of the list (spec 1 §2.4): name, creation date, access, usage in binary units, object count, and
 * the Browse (/buckets/{name}/browse) and Manage (/buckets/{name}/admin) buttons. In bulk-select mode a
 * checkbox leads the card.
 */
export const BucketCard = memo(function BucketCard({
  bucket,
  selectable,
  selected,
  onToggle,
}: {
  bucket: Bucket;
  selectable: boolean;
  selected: boolean;
  onToggle: (name: string) => void;
}): ReactElement {
  return (
    <Card
      component="article"
      aria-label={bucket.name}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: { xs: 2, md: 3 },
        px: 2.5,
        py: 2,
        transition: 'border-color 0.15s, box-shadow 0.15s',
        borderColor: selected ? 'primary.main' : undefined,
        '&:hover': { borderColor: 'primary.main', boxShadow: '0 4px 16px -8px rgba(61,107,255,0.35)' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flex: '1 1 240px', minWidth: 0 }}>
        {selectable && (
          <Checkbox
            checked={selected}
            onChange={() => onToggle(bucket.name)}
            slotProps={{ input: { 'aria-label': `Select ${bucket.name}` } }}
            sx={{ ml: -1, mr: -1 }}
          />
        )}
        <IconTile>
          <Inventory2Outlined />
        </IconTile>
        <Box sx={{ minWidth: 0 }}>
          <CardTitle text={bucket.name} level="h2" />
          <Typography variant="body2" color="text.secondary">
            Created: {formatDateTime(bucket.creation_date)}
          </Typography>
        </Box>
      </Box>
      <Box component="dl" sx={{ display: 'flex', gap: { xs: 2, md: 4 }, m: 0, flexWrap: 'wrap' }}>
        <Metric label="Access" width={104}>
          <Tooltip title={accessDescription(bucket.rw_access)}>
            <Chip
              label={accessLabel(bucket.rw_access)}
              size="small"
              color={bucket.rw_access.write ? 'primary' : 'default'}
              variant="outlined"
              sx={{ fontWeight: 700, height: 22 }}
            />
          </Tooltip>
        </Metric>
        <Metric label="Usage" width={104}>
          {bucket.size === undefined ? '-' : formatBytes(bucket.size)}
        </Metric>
        <Metric label="Objects" width={104}>
          {bucket.objects === undefined ? '-' : formatCount(bucket.objects)}
        </Metric>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
        <BucketLinkButton
          to={links.bucketBrowse(bucket.name)}
          label={`Browse ${bucket.name}`}
          variant="outlined"
          icon={<TravelExploreOutlined />}
        >
          Browse
        </BucketLinkButton>
        <BucketLinkButton
          to={links.bucketAdmin(bucket.name)}
          label={`Manage ${bucket.name}`}
          variant="contained"
          icon={<SettingsOutlined />}
        >
          Manage
        </BucketLinkButton>
      </Box>
    </Card>
  );
});
