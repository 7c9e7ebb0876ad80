// SPDX-License-Identifier: Apache-2.0
import { Alert, Link, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { matchesSearch, SearchField } from '@/shared/ui/search-field';

/** The Users and Groups tabs of a policy (spec 2 §2): a searchable list; users link to their page. */
export function EntityNameList({
  query,
  label,
  linkTo,
}: {
  query: UseQueryResult<string[]>;
  label: string;
  linkTo?: (name: string) => string;
}): ReactElement {
  const [search, setSearch] = useState('');
  if (query.isPending) return <LoadingMessage />;
  if (query.isError) return <Alert severity="error">{query.error.message}</Alert>;
  const shown = query.data.filter((n) => matchesSearch(n, search));
  return (
    <>
      <SearchField label={`Search ${label}`} value={search} onChange={setSearch} />
      <Paper variant="outlined" sx={{ mt: 2 }}>
        {shown.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {query.data.length === 0
              ? `No ${label.toLowerCase()} have this policy.`
              : 'Nothing matches the search.'}
          </Typography>
        ) : (
          <List dense aria-label={label}>
            {shown.map((name) => (
              <ListItem key={name}>
                <ListItemText
                  primary={
                    linkTo ? (
                      <Link component={RouterLink} to={linkTo(name)} underline="hover">
                        {name}
                      </Link>
                    ) : (
                      name
                    )
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </>
  );
}
