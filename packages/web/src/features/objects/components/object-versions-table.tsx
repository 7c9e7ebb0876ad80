// SPDX-License-Identifier: Apache-2.0
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  Box,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ObjectItem } from '@stowage/contracts';
import { type ReactElement, useMemo, useState } from 'react';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatDateTime } from '@/shared/format/format-date';
import { SearchField } from '@/shared/ui/search-field';
import { isDeletedEntry, previewMode } from '../lib/detail-rules';
import { filterVersions, versionLabels } from '../lib/version-rules';

/**
 * The Versions tab (spec 1 §2.6): a search on version id and a table with the numbered v-label, Version ID,
 * Last Modified and Deleted; share and download are disabled for delete markers. Clicking a row shows that
 * version's details under the table.
 */
export function VersionsTable({
  versions,
  onShare,
  onDownload,
  onPreview,
}: {
  versions: readonly ObjectItem[];
  onShare: (v: ObjectItem) => void;
  onDownload: (v: ObjectItem) => void;
  onPreview: (v: ObjectItem) => void;
}): ReactElement {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | undefined>();
  const labels = useMemo(() => versionLabels(versions), [versions]);
  const shown = useMemo(() => filterVersions(versions, search), [versions, search]);
  const chosen = versions.find((v) => (v.version_id ?? 'null') === selected);
  const previewable = versions[0] !== undefined && previewMode(versions[0].name) !== undefined;

  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Box sx={{ flex: 1, maxWidth: 420 }}>
          <SearchField label="Search Versions" value={search} onChange={setSearch} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {versions.length} {versions.length === 1 ? 'version' : 'versions'}
        </Typography>
      </Stack>
      <TableContainer>
        <Table size="small" aria-label="Versions">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, width: 80 }}>Version</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Version ID</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Last Modified</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Size</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Deleted</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                Options
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>
                  <Typography variant="body2" color="text.secondary">
                    {versions.length === 0 ? 'There are no versions yet.' : 'No version matches the search.'}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {shown.map((v) => {
              const id = v.version_id ?? 'null';
              const label = labels.get(id) ?? '';
              const deleted = isDeletedEntry(v);
              return (
                <TableRow
                  key={id}
                  hover
                  selected={selected === id}
                  aria-selected={selected === id}
                  onClick={() => setSelected((s) => (s === id ? undefined : id))}
                  sx={{ cursor: 'pointer', height: 40 }}
                >
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{label}</span>
                      {v.is_latest && (
                        <Chip size="small" label="Current" color="primary" variant="outlined" />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
                    {id}
                  </TableCell>
                  <TableCell>{formatDateTime(v.last_modified)}</TableCell>
                  <TableCell>{deleted || v.size === undefined ? '-' : formatBytes(v.size)}</TableCell>
                  <TableCell>{deleted ? 'Yes' : 'No'}</TableCell>
                  <TableCell align="right" onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
                    <RowAction
                      label={`Preview ${label}`}
                      disabled={deleted || !previewable}
                      onClick={() => onPreview(v)}
                      icon={<VisibilityOutlined fontSize="small" />}
                    />
                    <RowAction
                      label={`Share ${label}`}
                      disabled={deleted}
                      onClick={() => onShare(v)}
                      icon={<ShareOutlined fontSize="small" />}
                    />
                    <RowAction
                      label={`Download ${label}`}
                      disabled={deleted}
                      onClick={() => onDownload(v)}
                      icon={<DownloadOutlined fontSize="small" />}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {chosen && (
        <Box
          component="section"
          aria-label={`Version ${labels.get(chosen.version_id ?? 'null') ?? ''} details`}
          sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {labels.get(chosen.version_id ?? 'null')} details
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 0.5, columnGap: 2, m: 0 }}
          >
            <dt>Version ID</dt>
            <Box component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {chosen.version_id ?? 'null'}
            </Box>
            <dt>Last Modified</dt>
            <Box component="dd" sx={{ m: 0 }}>
              {formatDateTime(chosen.last_modified)}
            </Box>
            <dt>Size</dt>
            <Box component="dd" sx={{ m: 0 }}>
              {chosen.size === undefined ? '-' : formatBytes(chosen.size)}
            </Box>
            <dt>ETag</dt>
            <Box component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {chosen.etag ?? '-'}
            </Box>
            <dt>Delete marker</dt>
            <Box component="dd" sx={{ m: 0 }}>
              {chosen.is_delete_marker ? 'Yes' : 'No'}
            </Box>
          </Box>
        </Box>
      )}
    </Box>
  );
}

function RowAction({
  label,
  disabled,
  onClick,
  icon,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  icon: ReactElement;
}): ReactElement {
  const button = (
    <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
    </IconButton>
  );
  // A disabled button fires no events, so the tooltip needs a wrapper to show.
  return (
    <Tooltip title={label}>
      <span>{button}</span>
    </Tooltip>
  );
}
