// SPDX-License-Identifier: Apache-2.0
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import { Box, IconButton } from '@mui/material';
import { type ReactElement, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/**
 * The side menu's scrolling list. On a short window the lowest entries are below its edge, and with the
 * scrollbars most systems hide until one scrolls the menu looked cut off: while entries are hidden below,
 * the bottom edge fades out and a 'Scroll menu down' button brings them up (the wheel and Tab work too).
 */
export function MenuScrollArea({ children }: { children: ReactNode }): ReactElement {
  const area = useRef<HTMLDivElement>(null);
  const [moreBelow, setMoreBelow] = useState(false);
  const measure = useCallback(() => {
    const el = area.current;
    if (el) setMoreBelow(el.scrollTop + el.clientHeight < el.scrollHeight - 1);
  }, []);
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <Box sx={{ flex: 1, minHeight: 0, position: 'relative' }}>
      <Box ref={area} onScroll={measure} sx={{ height: '100%', overflowY: 'auto', overflowX: 'hidden' }}>
        {children}
      </Box>
      {moreBelow && (
        <Box
          sx={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            height: 48,
            display: 'flex',
            alignItems: 'flex-end',
            justifyContent: 'center',
            pointerEvents: 'none',
            background: (t) =>
              `linear-gradient(transparent, ${t.vars?.palette.background.paper ?? t.palette.background.paper} 70%)`,
          }}
        >
          <IconButton
            size="small"
            aria-label="Scroll menu down"
            onClick={() => area.current?.scrollBy({ top: area.current.clientHeight * 0.8 })}
            sx={{ pointerEvents: 'auto', mb: 0.25 }}
          >
            <KeyboardArrowDown fontSize="small" />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
