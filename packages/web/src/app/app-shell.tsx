// SPDX-License-Identifier: Apache-2.0
import { Box, useMediaQuery } from '@mui/material';
import type { Session } from '@stowage/contracts';
import { type ReactElement, Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useLocalStorageState } from '@/shared/hooks/use-local-storage-state';
import { useLogout } from '@/shared/session/logout';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { CommandPalette } from './command-palette';
import { RestartBanner } from './restart-banner';
import { hidesSideMenu } from './shell-rules';
import { SideMenu } from './side-menu';

export const menuCollapsedStorageKey = 'stowage-menu-collapsed';

/** The signed-in frame: side menu (collapsible, remembered) and the page. */
export function AppShell({ session }: { session: Session }): ReactElement {
  const location = useLocation();
  const navigate = useNavigate();
  const [collapsedChoice, setCollapsed] = useLocalStorageState(menuCollapsedStorageKey, false);
  // Narrow windows get the slim menu without changing the remembered choice.
  const narrow = useMediaQuery((theme) => theme.breakpoints.down('md'));
  const collapsed = collapsedChoice || narrow;
  const logout = useLogout(() => navigate('/login', { replace: true }));
  const showMenu = !hidesSideMenu(location.pathname);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {showMenu && (
        <SideMenu
          session={session}
          collapsed={collapsed}
          onToggle={narrow ? undefined : () => setCollapsed(!collapsedChoice)}
          onLogout={() => logout.mutate()}
          loggingOut={logout.isPending}
        />
      )}
      <CommandPalette session={session} />
      <Box component="main" sx={{ flex: 1, minWidth: 0, px: { xs: 2, md: 5 }, py: { xs: 3, md: 4 } }}>
        <Box sx={{ maxWidth: 1320, mx: 'auto' }}>
          <RestartBanner />
          <Suspense fallback={<LoadingMessage />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
