// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DriveFileRenameOutlineOutlined from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import PreviewOutlined from '@mui/icons-material/PreviewOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import {
  Box,
  Checkbox,
  Chip,
  CircularProgress,
  IconButton,
  Link,
  styled,
  TableSortLabel,
  Typography,
} from '@mui/material';
import type { ObjectItem } from '@stowage/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactElement, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatBytes } from '@/shared/format/format-bytes';
import { formatDateTime } from '@/shared/format/format-date';
import { entryName, isFolder } from '../lib/object-paths';
import { rowActionRules } from '../lib/row-rules';
import type { SortField, SortState } from '../lib/sort-objects';
import { FileIcon } from './file-icon';

/** Spec 1 §9: rows 40 px high, overscan 10. */
export const ROW_HEIGHT = 40;
const OVERSCAN = 10;
/** Load the next page when the last rendered row is this close to the end of the loaded rows. */
const LOAD_AHEAD_ROWS = 200;

export interface ObjectListActions {
  hrefFor: (item: ObjectItem) => string;
  onPreview: (item: ObjectItem) => void;
  onShare: (item: ObjectItem) => void;
  onDownload: (item: ObjectItem) => void;
  onDelete: (item: ObjectItem) => void;
  onOpen: (item: ObjectItem) => void;
  /** Rename in place (issue 35), as a background move job. */
  onRename: (item: ObjectItem) => void;
  /** Why Rename is off for every row (the session may not delete here, rewind mode), or null. */
  renameBlocked: string | null;
}

interface Column {
  field: SortField;
  label: string;
  width: string;
  align?: 'right';
}

function columnsFor(rewind: boolean): Column[] {
  // Spec 1 §2.6: Name, Last Modified, Size; in rewind mode Name, Object Date, Size, Deleted.
  return rewind
    ? [
        { field: 'name', label: 'Name', width: 'minmax(200px, 1fr)' },
        { field: 'last_modified', label: 'Object Date', width: '190px' },
        { field: 'size', label: 'Size', width: '110px', align: 'right' },
        { field: 'deleted', label: 'Deleted', width: '90px' },
      ]
    : [
        { field: 'name', label: 'Name', width: 'minmax(200px, 1fr)' },
        { field: 'last_modified', label: 'Last Modified', width: '190px' },
        { field: 'size', label: 'Size', width: '110px', align: 'right' },
      ];
}

// The theme uses CSS variables for its light and dark schemes: colours come from `theme.vars`.
const RowBox = styled('div')(({ theme }) => {
  const palette = (theme.vars ?? theme).palette;
  return {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    height: ROW_HEIGHT,
    display: 'grid',
    alignItems: 'center',
    borderBottom: `1px solid ${palette.divider}`,
    '&:hover': { backgroundColor: palette.action.hover },
    '&[aria-selected="true"]': { backgroundColor: palette.action.selected },
  };
});

const CellBox = styled('div')({
  padding: '0 8px',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: 14,
});

const NameBox = styled('div')({ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 });

/** A light icon button: the native `title` instead of a MUI Tooltip keeps 40+ rows cheap to mount. */
function ActionButton({
  label,
  title,
  disabled,
  onClick,
  children,
}: {
  label: string;
  title: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}): ReactElement {
  return (
    <span title={title}>
      <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </IconButton>
    </span>
  );
}

/**
 * One listing row. Memoized: while scrolling, only rows entering the window render (each row's position
 * is fixed by its index, rows are 40 px).
 */
const ObjectRow = memo(function ObjectRow({
  item,
  index,
  start,
  template,
  rewind,
  checked,
  onToggle,
  actions,
}: {
  item: ObjectItem;
  index: number;
  start: number;
  template: string;
  rewind: boolean;
  checked: boolean;
  onToggle: (name: string) => void;
  actions: ObjectListActions;
}): ReactElement {
  const name = entryName(item.name);
  const folder = isFolder(item.name);
  const rules = rowActionRules(item, rewind);
  return (
    <RowBox
      role="row"
      aria-rowindex={index + 2}
      aria-selected={checked}
      data-name={item.name}
      style={{ transform: `translateY(${start}px)`, gridTemplateColumns: template }}
    >
      <CellBox role="cell" style={{ padding: '0 0 0 4px', overflow: 'visible' }}>
        <Checkbox
          size="small"
          checked={checked}
          onChange={() => onToggle(item.name)}
          slotProps={{ input: { 'aria-label': `Select ${name}` } }}
        />
      </CellBox>
      <CellBox role="cell">
        <NameBox>
          <FileIcon name={item.name} />
          <Link
            component={RouterLink}
            to={actions.hrefFor(item)}
            underline="hover"
            color={item.delete_flag ? 'text.secondary' : 'text.primary'}
            title={item.name}
            style={{
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              fontWeight: folder ? 600 : 400,
              textDecoration: item.delete_flag ? 'line-through' : undefined,
            }}
          >
            {name}
          </Link>
          {item.storage_class && !folder && (
            <Chip
              size="small"
              variant="outlined"
              label={item.storage_class}
              title={`On the remote tier ${item.storage_class}`}
              sx={{ ml: 1, height: 20, fontSize: 11, flexShrink: 0 }}
            />
          )}
        </NameBox>
      </CellBox>
      <CellBox role="cell">{folder ? '' : formatDateTime(item.last_modified)}</CellBox>
      <CellBox role="cell" style={{ textAlign: 'right' }}>
        {folder || item.size === undefined ? '' : formatBytes(item.size)}
      </CellBox>
      {rewind && <CellBox role="cell">{folder ? '' : item.delete_flag ? 'Yes' : 'No'}</CellBox>}
      <CellBox role="cell" style={{ textAlign: 'right', overflow: 'visible' }}>
        <ActionButton
          label={`Open ${name}`}
          title={folder ? 'Open folder' : 'View'}
          onClick={() => actions.onOpen(item)}
        >
          <OpenInNewOutlined fontSize="small" />
        </ActionButton>
        <ActionButton
          label={`Preview ${name}`}
          title={
            rules.preview ? 'Preview' : folder ? 'Folders have no preview' : 'This type cannot be previewed'
          }
          disabled={!rules.preview}
          onClick={() => actions.onPreview(item)}
        >
          <PreviewOutlined fontSize="small" />
        </ActionButton>
        <ActionButton
          label={`Share ${name}`}
          title={rules.share ? 'Share' : folder ? 'Folders cannot be shared' : 'Deleted at this date'}
          disabled={!rules.share}
          onClick={() => actions.onShare(item)}
        >
          <ShareOutlined fontSize="small" />
        </ActionButton>
        <ActionButton
          label={`Download ${name}`}
          title={rules.download ? (folder ? 'Download as zip' : 'Download') : 'Deleted at this date'}
          disabled={!rules.download}
          onClick={() => actions.onDownload(item)}
        >
          <DownloadOutlined fontSize="small" />
        </ActionButton>
        <ActionButton
          label={`Rename ${name}`}
          title={actions.renameBlocked ?? 'Rename'}
          disabled={actions.renameBlocked !== null || item.delete_flag === true}
          onClick={() => actions.onRename(item)}
        >
          <DriveFileRenameOutlineOutlined fontSize="small" />
        </ActionButton>
        <ActionButton
          label={`Delete ${name}`}
          title={rules.delete ? 'Delete' : 'Not available in rewind mode'}
          disabled={!rules.delete}
          onClick={() => actions.onDelete(item)}
        >
          <DeleteOutlined fontSize="small" />
        </ActionButton>
      </CellBox>
    </RowBox>
  );
});

/**
 * The folder listing (spec 1 §2.6, §9; issue 7): a table virtualized with TanStack Virtual — only the
 * visible 40 px rows and 10 on either side are in the DOM — inside its own scroll box, so a prefix of
 * 100,000 objects renders its first page at once and scrolls smoothly. Scrolling near the end of the loaded
 * rows asks for the next page. ARIA table roles keep it a table for assistive technology.
 */
export function ObjectList({
  rows,
  totalLoaded,
  rewind,
  selected,
  onToggle,
  onToggleAll,
  sort,
  onSort,
  hasMore,
  loadingMore,
  onLoadMore,
  actions,
  scrollResetKey,
}: {
  rows: readonly ObjectItem[];
  totalLoaded: number;
  rewind: boolean;
  selected: ReadonlySet<string>;
  onToggle: (name: string) => void;
  onToggleAll: () => void;
  sort: SortState | undefined;
  onSort: (field: SortField) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  actions: ObjectListActions;
  /** A new sort or search starts again at the top. */
  scrollResetKey: string;
}): ReactElement {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = columnsFor(rewind);
  const template = `48px ${columns.map((c) => c.width).join(' ')} 232px`;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => rows[index]?.name ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? (items[items.length - 1]?.index ?? 0) : 0;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= rows.length - LOAD_AHEAD_ROWS) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, rows.length, onLoadMore]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the trigger, not an input.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [scrollResetKey]);

  const selectedShown = useMemo(() => rows.filter((r) => selected.has(r.name)).length, [rows, selected]);
  const allChecked = rows.length > 0 && selectedShown === rows.length;

  return (
    <Box
      ref={scrollRef}
      role="table"
      aria-label="Objects"
      aria-rowcount={rows.length + 1}
      data-loaded={totalLoaded}
      tabIndex={0}
      sx={{
        height: 'max(360px, calc(100vh - 280px))',
        overflow: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        position: 'relative',
        overscrollBehavior: 'contain',
      }}
    >
      <Box role="rowgroup" sx={{ position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.paper' }}>
        <Box
          role="row"
          aria-rowindex={1}
          sx={{
            display: 'grid',
            gridTemplateColumns: template,
            alignItems: 'center',
            height: ROW_HEIGHT + 4,
            borderBottom: 1,
            borderColor: 'divider',
            minWidth: 720,
          }}
        >
          <Box role="columnheader" sx={{ pl: 0.5 }}>
            <Checkbox
              size="small"
              checked={allChecked}
              indeterminate={!allChecked && selectedShown > 0}
              disabled={rows.length === 0}
              onChange={onToggleAll}
              slotProps={{ input: { 'aria-label': 'Select all objects' } }}
            />
          </Box>
          {columns.map((c) => {
            const active = sort?.field === c.field;
            return (
              <Box
                key={c.field}
                role="columnheader"
                aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                sx={{ px: 1, textAlign: c.align ?? 'left', fontSize: 14, fontWeight: 600 }}
              >
                <TableSortLabel
                  active={active}
                  direction={active ? sort.direction : 'asc'}
                  onClick={() => onSort(c.field)}
                  aria-label={`Sort by ${c.label}`}
                  sx={{ flexDirection: c.align === 'right' ? 'row-reverse' : 'row' }}
                >
                  {c.label}
                </TableSortLabel>
              </Box>
            );
          })}
          <Box role="columnheader" sx={{ px: 1, textAlign: 'right', fontSize: 14, fontWeight: 600 }}>
            Actions
          </Box>
        </Box>
      </Box>
      <Box role="rowgroup" sx={{ position: 'relative', height: virtualizer.getTotalSize(), minWidth: 720 }}>
        {items.map((v) => {
          const item = rows[v.index];
          if (!item) return null;
          return (
            <ObjectRow
              key={v.key}
              item={item}
              index={v.index}
              start={v.start}
              template={template}
              rewind={rewind}
              checked={selected.has(item.name)}
              onToggle={onToggle}
              actions={actions}
            />
          );
        })}
      </Box>
      {(hasMore || loadingMore) && (
        <Box
          role="status"
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            py: 1.5,
            minWidth: 720,
          }}
        >
          {loadingMore && <CircularProgress size={16} />}
          <Typography variant="caption" color="text.secondary">
            {loadingMore ? 'Loading more objects...' : 'More objects load as you scroll'}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
