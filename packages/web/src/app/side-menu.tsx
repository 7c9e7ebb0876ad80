// SPDX-License-Identifier: Apache-2.0
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  Box,
  Divider,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Tooltip,
  Typography,
} from '@mui/material';
import { pagePaths, type Session } from '@stowage/contracts';
import type { ReactElement, ReactNode } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { useAbout } from '@/shared/about/about';
import { ColorModeToggle } from '@/shared/ui/color-mode-toggle';
import { StowageLogo } from '@/shared/ui/stowage-logo';
import { MenuScrollArea } from './menu-scroll-area';
import { documentationIcon, reachableShellPages, type ShellPage } from './route-table';
import { documentationUrl, groupMenu, type MenuSection } from './shell-rules';

/** Spec 1 §9 / spec 2 §9: the side menu is 245 px wide open and 115 px collapsed. */
export const menuWidthOpen = 245;
export const menuWidthCollapsed = 115;

interface MenuEntry {
  key: string;
  label: string;
  icon: ReactElement;
  to?: string;
  href?: string;
}

/** The side-menu sections of a session: allowed, built pages with a menu entry (spec 2 "Side menu"). */
export function menuSections(session: Session): MenuSection<MenuEntry>[] {
  const withMenu = reachableShellPages(session.pages, session.distributedMode).filter(
    (p): p is ShellPage & { menu: NonNullable<ShellPage['menu']> } => p.menu !== undefined,
  );
  return groupMenu(withMenu, session.pages).map((section) => ({
    ...section,
    entries: section.entries.map((p) => ({
      key: p.path,
      label: p.menu.label,
      icon: p.menu.icon,
      to: p.path,
    })),
  }));
}

function EntryButton({ entry, collapsed }: { entry: MenuEntry; collapsed: boolean }): ReactElement {
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 36, color: 'text.secondary', justifyContent: 'center' }}>
        {entry.icon}
      </ListItemIcon>
      <ListItemText
        primary={entry.label}
        slotProps={{
          primary: {
            sx: collapsed
              ? { fontSize: 11, fontWeight: 600, textAlign: 'center', lineHeight: 1.2 }
              : { fontSize: 14, fontWeight: 500 },
          },
        }}
        sx={{ my: 0 }}
      />
      {entry.href && !collapsed && <OpenInNew sx={{ fontSize: 16, color: 'text.secondary' }} />}
    </>
  );
  const sx = {
    mx: 1.5,
    mb: 0.5,
    py: collapsed ? 1 : 0.9,
    flexDirection: collapsed ? 'column' : 'row',
    gap: collapsed ? 0.5 : 0,
  } as const;
  if (entry.href) {
    return (
      <ListItemButton component="a" href={entry.href} target="_blank" rel="noopener noreferrer" sx={sx}>
        {content}
      </ListItemButton>
    );
  }
  return (
    <ListItemButton component={NavLink} to={entry.to ?? '/'} sx={sx}>
      {content}
    </ListItemButton>
  );
}

function Section({
  title,
  collapsed,
  children,
}: {
  title: string | null;
  collapsed: boolean;
  children: ReactNode;
}): ReactElement {
  if (title === null) return <>{children}</>;
  return (
    <Box role="group" aria-label={title}>
      {collapsed ? (
        <Divider sx={{ mx: 2, my: 1 }} />
      ) : (
        <ListSubheader
          component="div"
          disableSticky
          sx={{
            bgcolor: 'transparent',
            lineHeight: '32px',
            mt: 1,
            px: 3,
            fontSize: 11,
            fontWeight: 700,
            letterSpacing: '0.08em',
            textTransform: 'uppercase',
          }}
        >
          {title}
        </ListSubheader>
      )}
      {children}
    </Box>
  );
}

/**
 * The side menu of the signed-in shell (spec 2 "Side menu"): only the entries the session allows and this
 * build has screens for, grouped with Tools and Operator; Documentation opens in a new tab; Logout at the
 * bottom. Collapses to 115 px.
 */
export function SideMenu({
  session,
  collapsed,
  onToggle,
  onLogout,
  loggingOut,
}: {
  session: Session;
  collapsed: boolean;
  /** Absent when the window is too narrow for the open menu. */
  onToggle: (() => void) | undefined;
  onLogout: () => void;
  loggingOut: boolean;
}): ReactElement {
  const sections = menuSections(session);
  const documentation: MenuEntry = {
    key: 'documentation',
    label: 'Documentation',
    icon: documentationIcon,
    href: documentationUrl(session.operator),
  };
  const width = collapsed ? menuWidthCollapsed : menuWidthOpen;

  return (
    <Box
      component="nav"
      aria-label="Main menu"
      sx={{
        width,
        flexShrink: 0,
        position: 'sticky',
        top: 0,
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        transition: 'width 0.2s ease',
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          flexDirection: collapsed ? 'column' : 'row',
          justifyContent: 'space-between',
          gap: 1,
          px: collapsed ? 1 : 2.5,
          pt: 2.5,
          pb: 2,
        }}
      >
        <StowageLogo compact={collapsed} subtitle={session.operator ? 'Operator' : 'Console'} />
        {onToggle && (
          <Tooltip title={collapsed ? 'Expand menu' : 'Collapse menu'} placement="right">
            <IconButton
              size="small"
              onClick={onToggle}
              aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
              aria-expanded={!collapsed}
            >
              {collapsed ? <ChevronRight /> : <ChevronLeft />}
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <MenuScrollArea>
        <List component="div" disablePadding>
          {sections.map((section) => (
            <Section key={section.group} title={section.title} collapsed={collapsed}>
              {section.entries.map((entry) => (
                <EntryButton key={entry.key} entry={entry} collapsed={collapsed} />
              ))}
            </Section>
          ))}
          <Divider sx={{ mx: 2, my: 1 }} />
          <EntryButton entry={documentation} collapsed={collapsed} />
        </List>
      </MenuScrollArea>
      <Divider />
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: collapsed ? 'center' : 'space-between',
            gap: 1,
            px: collapsed ? 0 : 1,
          }}
        >
          {!collapsed && (
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontSize: 11, color: 'text.secondary' }}>Signed in as</Typography>
              <Typography
                sx={{ fontSize: 13, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}
                title={session.userName}
              >
                {session.userName}
              </Typography>
            </Box>
          )}
          <ColorModeToggle />
        </Box>
        <AboutLine collapsed={collapsed} />
        <ListItemButton
          onClick={onLogout}
          disabled={loggingOut}
          sx={{
            borderRadius: 2,
            flexDirection: collapsed ? 'column' : 'row',
            justifyContent: 'center',
            gap: collapsed ? 0.5 : 1,
            color: 'text.secondary',
          }}
        >
          <LogoutOutlined fontSize="small" />
          <Typography sx={{ fontSize: collapsed ? 11 : 14, fontWeight: 600 }}>Logout</Typography>
        </ListItemButton>
      </Box>
    </Box>
  );
}

/** The footer's About line: product and version, linking to the License page. */
function AboutLine({ collapsed }: { collapsed: boolean }): ReactElement | null {
  const about = useAbout().data;
  if (!about) return null;
  return (
    <Link
      component={RouterLink}
      to={pagePaths.license}
      underline="hover"
      color="text.secondary"
      aria-label={`About: ${about.product} ${about.version}, ${about.license}`}
      sx={{ fontSize: 11, textAlign: 'center' }}
    >
      {collapsed ? `v${about.version}` : `${about.product} ${about.version} · ${about.license}`}
    </Link>
  );
}
