// SPDX-License-Identifier: Apache-2.0
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { Box, Button, List, ListItemButton, ListItemIcon, ListItemText, Paper, Slide } from '@mui/material';
import { hasCapability } from '@stowage/contracts';
import { type ReactElement, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '@/shared/session/get-session';
import { PageHeader } from '@/shared/ui/page-header';
import { useSnackbar } from '@/shared/ui/snackbar';
import { exportConfigUrl, useReplaceConfig } from '../api/config-file';
import { AddSitesPanel } from '../components/add-sites-panel';
import { AddTierPanel } from '../components/add-tier-panel';
import { ConfigEditPanel } from '../components/config-edit-panel';
import { ConfigList } from '../components/config-list';
import { HistoryDialog } from '../components/history-dialog';
import { LambdaAdd } from '../components/lambda-add';
import { LambdaList } from '../components/lambda-list';
import { SiteReplicationPanel } from '../components/site-replication-panel';
import { SiteReplicationStatusPanel } from '../components/site-replication-status-panel';
import { TiersPanel } from '../components/tiers-panel';

/**
 * /settings (spec 2 "Settings"): the section list on the left (Configurations, Lambda Notifications, Tiers
 * in a distributed setup, Site Replication — issue 34), the Configurations list, and the form of the chosen set, which slides
 * in (its name is kept in `?config=` so Back and reloads work). The header exports, imports and shows the
 * history of the whole configuration.
 */
export function SettingsPage(): ReactElement {
  const [params, setParams] = useSearchParams();
  const selected = params.get('config');
  // Lambda Notifications: `?section=lambda`, its add flow `?section=lambda&add=1`.
  const lambda = params.get('section') === 'lambda';
  const adding = lambda && params.get('add') === '1';
  const [search, setSearch] = useState('');
  const [historyOpen, setHistoryOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const replace = useReplaceConfig();
  const { showMessage, showError } = useSnackbar();

  const select = (name: string | null): void => setParams(name === null ? {} : { config: name });
  const session = useSession();
  // Tiers (spec 2 "Settings"): only in a distributed setup, and only where MinIO's admin API exists.
  const showTiers =
    (session.data?.distributedMode ?? false) && hasCapability(session.data?.capabilities, 'admin');
  // Site Replication (issue 34): wherever MinIO's admin API is; `?section=site-replication[&view=add|status]`.
  const showSiteReplication = hasCapability(session.data?.capabilities, 'admin');
  const requested = params.get('section');
  const section =
    (requested === 'tiers' && showTiers) || (requested === 'site-replication' && showSiteReplication)
      ? requested
      : null;
  const srView = params.get('view');
  const toSiteReplication = (view?: 'add' | 'status'): void =>
    setParams(view ? { section: 'site-replication', view } : { section: 'site-replication' });
  const tiersView = params.get('add') === 'tier' ? 'add' : 'list';

  const importFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    const text = await file.text();
    replace.mutate(
      { file: text },
      {
        onSuccess: () =>
          showMessage(`Configuration imported from ${file.name}. Restart the server to apply it.`),
        onError: showError,
      },
    );
  };

  return (
    <Box>
      <PageHeader
        title="Settings"
        subtitle="Server configuration: every change is checked by the server before it is saved."
        actions={
          <>
            <Button variant="outlined" startIcon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
              History
            </Button>
            <Button
              variant="outlined"
              startIcon={<FileUploadOutlined />}
              disabled={replace.isPending}
              onClick={() => fileInput.current?.click()}
            >
              Import
            </Button>
            <Button variant="outlined" startIcon={<FileDownloadOutlined />} href={exportConfigUrl()} download>
              Export
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              aria-label="Configuration file to import"
              onChange={(e) => {
                void importFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '220px 1fr' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" component="nav" aria-label="Settings sections">
          <List disablePadding>
            <ListItemButton selected={!lambda && section === null} onClick={() => select(null)}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <TuneOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText primary="Configurations" slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
            </ListItemButton>
            <ListItemButton selected={lambda} onClick={() => setParams({ section: 'lambda' })}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <NotificationsActiveOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary="Lambda Notifications"
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItemButton>
            {showTiers && (
              <ListItemButton selected={section === 'tiers'} onClick={() => setParams({ section: 'tiers' })}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <LayersOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText primary="Tiers" slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
              </ListItemButton>
            )}
            {showSiteReplication && (
              <ListItemButton selected={section === 'site-replication'} onClick={() => toSiteReplication()}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <HubOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary="Site Replication"
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItemButton>
            )}
          </List>
        </Paper>
        <Box sx={{ minWidth: 0, overflow: 'hidden' }}>
          {adding ? (
            <LambdaAdd onBack={() => setParams({ section: 'lambda' })} />
          ) : lambda ? (
            <LambdaList onAdd={() => setParams({ section: 'lambda', add: '1' })} />
          ) : section === 'site-replication' ? (
            srView === 'add' ? (
              <AddSitesPanel onBack={() => toSiteReplication()} onDone={() => toSiteReplication()} />
            ) : srView === 'status' ? (
              <SiteReplicationStatusPanel onBack={() => toSiteReplication()} />
            ) : (
              <SiteReplicationPanel
                onAdd={() => toSiteReplication('add')}
                onStatus={() => toSiteReplication('status')}
              />
            )
          ) : section === 'tiers' ? (
            tiersView === 'add' ? (
              <Slide direction="left" in appear mountOnEnter>
                <Box>
                  <AddTierPanel onClose={() => setParams({ section: 'tiers' })} />
                </Box>
              </Slide>
            ) : (
              <TiersPanel onAdd={() => setParams({ section: 'tiers', add: 'tier' })} />
            )
          ) : selected === null ? (
            <ConfigList search={search} onSearch={setSearch} onSelect={select} />
          ) : (
            <Slide direction="left" in appear mountOnEnter key={selected}>
              <Box>
                <ConfigEditPanel name={selected} onBack={() => select(null)} />
              </Box>
            </Slide>
          )}
        </Box>
      </Box>
      <HistoryDialog open={historyOpen} onClose={() => setHistoryOpen(false)} />
    </Box>
  );
}
