// SPDX-License-Identifier: Apache-2.0
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { List, ListItemButton, ListItemText, Paper } from '@mui/material';
import { configPageLinks } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { matchesSearch, SearchField } from '@/shared/ui/search-field';
import { useConfigs } from '../api/list-configs';

/**
 * The Configurations list (spec 2 "Settings"): one entry per set; selecting one opens its form, except the
 * entries that carry a page of their own (logger_webhook, audit_webhook), which navigate there.
 */
export function ConfigList({
  search,
  onSearch,
  onSelect,
}: {
  search: string;
  onSearch: (value: string) => void;
  onSelect: (name: string) => void;
}): ReactElement {
  const configs = useConfigs();
  const navigate = useNavigate();
  if (configs.isPending) return <LoadingMessage />;
  if (configs.isError) return <QueryErrorAlert error={configs.error} onRetry={() => configs.refetch()} />;
  const shown = configs.data.configurations.filter((c) =>
    matchesSearch(`${c.name} ${c.description}`, search),
  );
  return (
    <>
      <SearchField label="Search Configurations" value={search} onChange={onSearch} />
      {shown.length === 0 ? (
        <EmptyState icon={<TuneOutlined />} title="No configurations match">
          Nothing matches "{search}".
        </EmptyState>
      ) : (
        <Paper variant="outlined" sx={{ mt: 2 }}>
          <List aria-label="Configurations" disablePadding>
            {shown.map((c, i) => {
              const page = configPageLinks[c.name];
              return (
                <ListItemButton
                  key={c.name}
                  divider={i < shown.length - 1}
                  onClick={() => (page ? navigate(page) : onSelect(c.name))}
                >
                  <ListItemText
                    primary={c.name}
                    secondary={c.description}
                    slotProps={{ primary: { sx: { fontWeight: 600, fontFamily: 'monospace' } } }}
                  />
                  {page ? (
                    <OpenInNewOutlined fontSize="small" color="action" />
                  ) : (
                    <ChevronRightOutlined color="action" />
                  )}
                </ListItemButton>
              );
            })}
          </List>
        </Paper>
      )}
    </>
  );
}
