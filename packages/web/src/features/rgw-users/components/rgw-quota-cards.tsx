// SPDX-License-Identifier: Apache-2.0
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Button, Card, Chip, Typography } from '@mui/material';
import type { RgwQuota, RgwUser } from '@stowage/contracts';
import { type ReactElement, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatCount } from '@/shared/format/format-number';
import { RgwQuotaDialog, type RgwQuotaScope, rgwQuotaTexts } from './rgw-quota-dialog';

/** A quota's limits in words: "10 MiB · 2 objects", "No limits". */
function limits(q: RgwQuota | null): string {
  const parts = [
    q && q.maxSizeBytes >= 0 ? formatBytes(q.maxSizeBytes) : null,
    q && q.maxObjects >= 0
      ? `${formatCount(q.maxObjects)} ${q.maxObjects === 1 ? 'object' : 'objects'}`
      : null,
  ].filter((p) => p !== null);
  return parts.length === 0 ? 'No limits' : parts.join(' · ');
}

/** The user's own quota and the quota of each of its buckets, each with Edit. */
export function RgwQuotaCards({ user }: { user: RgwUser }): ReactElement {
  const [editing, setEditing] = useState<RgwQuotaScope | null>(null);
  const quotas: Array<[RgwQuotaScope, RgwQuota | null]> = [
    ['user', user.userQuota],
    ['bucket', user.bucketQuota],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {quotas.map(([scope, q]) => (
        <Card
          key={scope}
          component="section"
          aria-label={rgwQuotaTexts[scope].title}
          sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography
              component="h2"
              color="text.secondary"
              sx={{
                flex: 1,
                fontSize: 12,
                fontWeight: 700,
                letterSpacing: '0.06em',
                textTransform: 'uppercase',
              }}
            >
              {rgwQuotaTexts[scope].title}
            </Typography>
            <Chip
              size="small"
              label={q?.enabled ? 'Enabled' : 'Disabled'}
              color={q?.enabled ? 'success' : 'default'}
              variant={q?.enabled ? 'filled' : 'outlined'}
            />
            <Button
              size="small"
              startIcon={<EditOutlined fontSize="small" />}
              aria-label={`Edit ${rgwQuotaTexts[scope].title}`}
              onClick={() => setEditing(scope)}
            >
              Edit
            </Button>
          </Box>
          <Box sx={{ fontSize: 20, fontWeight: 700 }} aria-label={`${rgwQuotaTexts[scope].title} limits`}>
            {limits(q)}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {rgwQuotaTexts[scope].detail}
          </Typography>
        </Card>
      ))}
      {editing && (
        <RgwQuotaDialog
          uid={user.uid}
          scope={editing}
          current={editing === 'user' ? user.userQuota : user.bucketQuota}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
