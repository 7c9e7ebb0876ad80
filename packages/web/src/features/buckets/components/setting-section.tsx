// SPDX-License-Identifier: Apache-2.0
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Button, Card, Chip, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

/** The bucket summary's setting cards (spec 1 §2.5): a title, the value, a detail and an Edit action. */
export function Section({
  title,
  label,
  value,
  detail,
  action,
}: {
  title: string;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  action?: ReactNode;
}): ReactElement {
  return (
    <Card
      component="section"
      aria-label={title}
      sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography
          component="h2"
          sx={{ flex: 1, fontSize: 12, fontWeight: 700, letterSpacing: '0.06em', textTransform: 'uppercase' }}
          color="text.secondary"
        >
          {title}
        </Typography>
        {action}
      </Box>
      <Box aria-label={label} sx={{ fontSize: 20, fontWeight: 700 }}>
        {value}
      </Box>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Card>
  );
}

export function EditButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}): ReactElement {
  return (
    <Button
      size="small"
      startIcon={<EditOutlined fontSize="small" />}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
    >
      Edit
    </Button>
  );
}

export function StateChip({
  on,
  onLabel = 'Enabled',
  offLabel = 'Disabled',
}: {
  on: boolean;
  onLabel?: string;
  offLabel?: string;
}): ReactElement {
  return (
    <Chip
      label={on ? onLabel : offLabel}
      color={on ? 'success' : 'default'}
      variant={on ? 'filled' : 'outlined'}
    />
  );
}
