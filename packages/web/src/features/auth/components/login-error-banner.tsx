// SPDX-License-Identifier: Apache-2.0
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Alert, AlertTitle, Box, Button, Collapse, Fade } from '@mui/material';
import { type ReactElement, useEffect, useRef, useState } from 'react';

/** Spec 1 §9: the login error banner hides itself after 10 s. */
export const loginBannerHideMs = 10_000;

export interface LoginBannerError {
  message: string;
  detail?: string | undefined;
  /** A new id restarts the timer even when the text repeats. */
  id: number;
}

/**
 * The dismissible error banner at the top of the login screen (spec 1 §2.3): title 'Error', the message and
 * an expandable 'Details' section. It hides after 10 s; the countdown pauses while the pointer is over it and
 * resumes with the time that was left.
 */
export function LoginErrorBanner({
  error,
  onClose,
}: {
  error: LoginBannerError | null;
  onClose: () => void;
}): ReactElement {
  const [showDetails, setShowDetails] = useState(false);
  const remaining = useRef(loginBannerHideMs);
  const startedAt = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Keeps the text on screen while the banner fades out after `error` became null.
  const lastShown = useRef<LoginBannerError | null>(null);
  if (error) lastShown.current = error;
  const shown = error ?? lastShown.current;

  const stop = (): void => {
    if (timer.current !== undefined) window.clearTimeout(timer.current);
    timer.current = undefined;
  };
  const start = (): void => {
    stop();
    startedAt.current = Date.now();
    timer.current = window.setTimeout(() => onCloseRef.current(), remaining.current);
  };

  // A new error restarts the full countdown and folds the details.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the error's identity only
  useEffect(() => {
    if (!error) return undefined;
    remaining.current = loginBannerHideMs;
    setShowDetails(false);
    start();
    return stop;
  }, [error?.id]);

  const pause = (): void => {
    if (timer.current === undefined) return;
    stop();
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  };

  return (
    <Box
      sx={{
        position: 'fixed',
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'min(560px, calc(100vw - 32px))',
        zIndex: (t) => t.zIndex.snackbar,
      }}
    >
      {/* Shown at once (no enter animation, so it is never caught half-drawn), faded out when it hides. */}
      <Fade in={error !== null} timeout={{ enter: 0, exit: 200 }} unmountOnExit>
        <Alert
          severity="error"
          variant="filled"
          onClose={onClose}
          onMouseEnter={pause}
          onMouseLeave={() => error && start()}
          sx={{ boxShadow: 6, alignItems: 'flex-start' }}
          slotProps={{ closeButton: { 'aria-label': 'Close error' } }}
        >
          <AlertTitle sx={{ fontWeight: 700 }}>Error</AlertTitle>
          <Box>{shown?.message}</Box>
          {shown?.detail && (
            <>
              <Button
                size="small"
                color="inherit"
                onClick={() => setShowDetails((v) => !v)}
                aria-expanded={showDetails}
                endIcon={
                  <ExpandMore
                    sx={{ transform: showDetails ? 'rotate(180deg)' : 'none', transition: '0.2s' }}
                  />
                }
                sx={{ mt: 0.5, ml: -1, px: 1, fontWeight: 600 }}
              >
                Details
              </Button>
              <Collapse in={showDetails}>
                <Box
                  component="pre"
                  sx={{
                    m: 0,
                    mt: 0.5,
                    p: 1,
                    borderRadius: 1,
                    bgcolor: 'rgba(0,0,0,0.18)',
                    fontSize: 12,
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-word',
                    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                  }}
                >
                  {shown.detail}
                </Box>
              </Collapse>
            </>
          )}
        </Alert>
      </Fade>
    </Box>
  );
}
