// SPDX-License-Identifier: Apache-2.0
import { Alert, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactElement } from 'react';
import { summarizePolicy } from './summarize-policy';

/** The Summary tab (spec 2 §2): one row per statement with its Effect, Actions and Resources. */
export function PolicySummary({ policy }: { policy: string }): ReactElement {
  const statements = summarizePolicy(policy);
  if (statements === null) return <Alert severity="warning">The policy document could not be read.</Alert>;
  if (statements.length === 0) return <Alert severity="info">This policy has no statements.</Alert>;
  return (
    <Paper variant="outlined">
      <Table size="small" aria-label="Statements">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 100 }}>Effect</TableCell>
            <TableCell>Actions</TableCell>
            <TableCell>Resources</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {statements.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: statements have no identity of their own
            <TableRow key={i}>
              <TableCell>
                <Chip size="small" label={s.effect} color={s.effect === 'Deny' ? 'error' : 'success'} />
              </TableCell>
              <TableCell>
                <Stack spacing={0.25}>
                  {s.actions.map((a) => (
                    <code key={a}>{a}</code>
                  ))}
                </Stack>
              </TableCell>
              <TableCell>
                <Stack spacing={0.25}>
                  {s.resources.map((r) => (
                    <code key={r}>{r}</code>
                  ))}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
