// SPDX-License-Identifier: Apache-2.0
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Alert, Button } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { type ApiError, errorText } from '../api/api-error';
import { EmptyState } from './empty-state';
import { LoadingMessage } from './loading-message';
import { PageHeader } from './page-header';
import { SearchField } from './search-field';

/** "3 groups" / "1 group": the count line under a list page's title. */
export function countLabel(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/**
 * The body of a list page while it cannot show rows: the loading message, the error of the query, or the
 * empty state (a hint when nothing exists, "No … contains “search”." when the search hides everything).
 * Renders `children` (the table) once there is something to show.
 */
export function ListState({
  query,
  total,
  shown,
  search,
  emptyIcon,
  emptyTitle,
  emptyHint,
  noun,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: ApiError | null };
  /** Rows that exist, and rows left after the search. */
  total: number;
  shown: number;
  search: string;
  emptyIcon: ReactNode;
  emptyTitle: string;
  emptyHint: string;
  /** What a row is, for the no-match line: "group name", "policy name", … */
  noun: string;
  children: ReactNode;
}): ReactElement {
  if (query.isPending) return <LoadingMessage />;
  if (query.isError) {
    return <Alert severity="error">{query.error ? errorText(query.error) : ''}</Alert>;
  }
  if (shown === 0) {
    return (
      <EmptyState icon={emptyIcon} title={emptyTitle}>
        {total === 0 ? emptyHint : `No ${noun} contains “${search.trim()}”.`}
      </EmptyState>
    );
  }
  return <>{children}</>;
}

/**
 * The header of a list page: title, the count line, the search box and the page's buttons (the create
 * button last, as the primary action).
 */
export function ListPageHeader({
  title,
  count,
  search,
  onSearch,
  searchLabel,
  createLabel,
  onCreate,
  actions,
}: {
  title: string;
  /** The count line ("3 groups"), once known. */
  count: string | undefined;
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  createLabel: string;
  onCreate: () => void;
  /** Buttons shown before the create button. */
  actions?: ReactNode;
}): ReactElement {
  return (
    <PageHeader
      title={title}
      subtitle={count}
      actions={
        <>
          <SearchField label={searchLabel} value={search} onChange={onSearch} />
          {actions}
          <Button variant="contained" startIcon={<AddOutlined />} onClick={onCreate}>
            {createLabel}
          </Button>
        </>
      }
    />
  );
}
