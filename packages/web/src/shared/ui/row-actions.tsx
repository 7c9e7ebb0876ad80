// SPDX-License-Identifier: Apache-2.0
import { IconButton, Tooltip } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

export interface RowAction {
  /** Tooltip text. */
  title: string;
  /** Accessible name, e.g. "Delete alice". */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** Tooltip shown instead of `title` while disabled (why it is disabled). */
  disabledTitle?: string;
}

/** The icon buttons of a table row's Actions cell, each with a tooltip and an accessible name. */
export function RowActions({ actions }: { actions: readonly RowAction[] }): ReactElement {
  return (
    <>
      {actions.map((a) => (
        <Tooltip key={a.label} title={a.disabled && a.disabledTitle ? a.disabledTitle : a.title}>
          <span>
            <IconButton size="small" aria-label={a.label} disabled={a.disabled} onClick={a.onClick}>
              {a.icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </>
  );
}
