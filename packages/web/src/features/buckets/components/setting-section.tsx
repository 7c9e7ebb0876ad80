// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Button, Card, Chip, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

/**
 * The bucket summary's setting cards (spec 1 §2.5): a title, the value, a detail and an Edit action, and
 * optionally more below (a list of what the setting holds).
 */
export function Section({
  title,
  label,
  value,
  detail,
  action,
  children,
}: {
  title: string;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
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
      {children}
    </Card>
  );
}

interface CardActionProps {
  /** The accessible name (the button shows Edit or Remove). */
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

export function EditButton(props: CardActionProps): ReactElement {
  return <CardAction {...props} text="Edit" icon={<EditOutlined fontSize="small" />} />;
}

/** A card's Remove action (the setting is deleted after a confirmation). */
export function RemoveButton(props: CardActionProps): ReactElement {
  return <CardAction {...props} text="Remove" color="error" icon={<DeleteOutlined fontSize="small" />} />;
}

function CardAction({
  label,
  onClick,
  disabled,
  text,
  icon,
  color,
}: CardActionProps & { text: string; icon: ReactElement; color?: 'error' }): ReactElement {
  return (
    <Button
      size="small"
      color={color ?? 'primary'}
      startIcon={icon}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
    >
      {text}
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
