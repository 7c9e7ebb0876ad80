// SPDX-License-Identifier: Apache-2.0
import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { type ReactElement, type ReactNode, useState } from 'react';
import type { ApiError } from '../api/api-error';
import { ListPageHeader, ListState } from './list-state';
import { matchesSearch, SearchField } from './search-field';

/** One column of a {@link ListTable}: its header and how its cells line up. */
export interface ListColumn {
  header: ReactNode;
  align?: 'right';
  width?: number;
  padding?: 'checkbox';
}

/** What a {@link ListTable} shows. */
export interface ListTableProps<Row> {
  label: string;
  columns: readonly ListColumn[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The row's `TableCell`s, one per column. */
  cells: (row: Row) => ReactNode;
  selected?: (row: Row) => boolean;
  /** Shown in one full-width row instead of the rows when there are none. */
  noRows?: ReactNode;
}

/**
 * The table of a list screen: an outlined, small table named `label`, the column headers, then one
 * hoverable row per item (`selected` marks checked ones). `noRows` replaces the body when there are no
 * rows (for lists that keep the table on an empty search).
 */
export function ListTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  cells,
  selected,
  noRows,
}: ListTableProps<Row>): ReactElement {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
                key={i}
                align={c.align}
                padding={c.padding}
                sx={c.width === undefined ? undefined : { width: c.width }}
              >
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && noRows !== undefined ? (
            <TableRow>
              <TableCell colSpan={columns.length}>{noRows}</TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={rowKey(row)} hover selected={selected?.(row) ?? false}>
                {cells(row)}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A list screen's search: its text and the rows it leaves. */
export interface ListSearch<Row> {
  search: string;
  setSearch: (value: string) => void;
  shown: Row[];
}

/** The search of a list screen: its text and the rows whose `text` contains it (case-insensitive). */
export function useListSearch<Row>(rows: readonly Row[], text: (row: Row) => string): ListSearch<Row> {
  const [search, setSearch] = useState('');
  return { search, setSearch, shown: rows.filter((r) => matchesSearch(text(r), search)) };
}

/** What a list shows when it is empty, and what its rows are called in the no-match line. */
interface EmptyText {
  emptyIcon: ReactNode;
  emptyTitle: string;
  emptyHint: string;
  /** What a row is, for the no-match line: "group name", "policy name", … */
  noun: string;
}

/** The loading message, the query's error or the empty state, else the table of the searched rows. */
function SearchedTable<Row>({
  query,
  rows,
  search,
  table,
  ...empty
}: EmptyText & {
  query: { isPending: boolean; isError: boolean; error: ApiError | null };
  rows: readonly Row[];
  search: ListSearch<Row>;
  table: Omit<ListTableProps<Row>, 'rows' | 'noRows'>;
}): ReactElement {
  return (
    <ListState
      query={query}
      total={rows.length}
      shown={search.shown.length}
      search={search.search}
      {...empty}
    >
      <ListTable {...table} rows={search.shown} />
    </ListState>
  );
}

/**
 * The layout of every identity list screen (users, groups, policies): the header (title, count line,
 * search box, toolbar buttons, the create button), then the loading message, the query's error or the
 * empty state, else the table of the rows left by the search; `children` (the screen's dialogs) after it.
 */
export function ListPage<Row>({
  title,
  count,
  searchLabel,
  createLabel,
  onCreate,
  toolbar,
  query,
  rows,
  search,
  emptyIcon,
  emptyTitle,
  emptyHint,
  noun,
  table,
  children,
}: {
  title: string;
  /** The count line ("3 groups"), once known. */
  count: string | undefined;
  searchLabel: string;
  createLabel: string;
  onCreate: () => void;
  /** Buttons shown before the create button. */
  toolbar?: ReactNode;
  query: { isPending: boolean; isError: boolean; error: ApiError | null };
  /** All rows that exist. */
  rows: readonly Row[];
  search: ListSearch<Row>;
  emptyIcon: ReactNode;
  emptyTitle: string;
  emptyHint: string;
  /** What a row is, for the no-match line: "group name", "policy name", … */
  noun: string;
  table: Omit<ListTableProps<Row>, 'rows' | 'noRows'>;
  children?: ReactNode;
}): ReactElement {
  return (
    <Box>
      <ListPageHeader
        title={title}
        count={count}
        search={search.search}
        onSearch={search.setSearch}
        searchLabel={searchLabel}
        createLabel={createLabel}
        onCreate={onCreate}
        actions={toolbar}
      />
      <SearchedTable
        query={query}
        rows={rows}
        search={search}
        emptyIcon={emptyIcon}
        emptyTitle={emptyTitle}
        emptyHint={emptyHint}
        noun={noun}
        table={table}
      />
      {children}
    </Box>
  );
}

/**
 * A searchable list inside a page (a tab of a detail screen): the search box with `toolbar` beside it,
 * then the loading message, the query's error or the empty state, else the table of the rows the search
 * leaves.
 */
export function ListSection<Row>({
  searchLabel,
  rows,
  searchText,
  toolbar,
  query,
  emptyIcon,
  emptyTitle,
  emptyHint,
  noun,
  table,
}: {
  searchLabel: string;
  rows: readonly Row[];
  /** The text the search looks in. */
  searchText: (row: Row) => string;
  toolbar?: ReactNode;
  query: { isPending: boolean; isError: boolean; error: ApiError | null };
  emptyIcon: ReactNode;
  emptyTitle: string;
  emptyHint: string;
  noun: string;
  table: Omit<ListTableProps<Row>, 'rows' | 'noRows'>;
}): ReactElement {
  const search = useListSearch(rows, searchText);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField label={searchLabel} value={search.search} onChange={search.setSearch} />
        <Box sx={{ flex: 1 }} />
        {toolbar}
      </Box>
      <SearchedTable
        query={query}
        rows={rows}
        search={search}
        emptyIcon={emptyIcon}
        emptyTitle={emptyTitle}
        emptyHint={emptyHint}
        noun={noun}
        table={table}
      />
    </Box>
  );
}
