// SPDX-License-Identifier: Apache-2.0
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactElement, type ReactNode, useState } from 'react';
import '@/shared/api/query-error-type';
import { SnackbarProvider } from '@/shared/ui/snackbar';
import { colorModeStorageKey, theme } from './theme';

/**
 * Retry only server-side failures (5xx) once; a 4xx will not change by asking again, and a 401 or a
 * network failure has already ended the session in the API client.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => error.status !== undefined && error.status >= 500 && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children }: { children: ReactNode }): ReactElement {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={colorModeStorageKey}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>{children}</SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
