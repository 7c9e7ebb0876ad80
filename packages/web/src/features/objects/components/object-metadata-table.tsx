// SPDX-License-Identifier: Apache-2.0
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactElement } from 'react';

/** The Object Metadata table: the object's user metadata (x-amz-meta-*) as key/value rows (spec 1 §2.6). */
export function MetadataTable({ metadata }: { metadata: Record<string, string> | undefined }): ReactElement {
  const rows = Object.entries(metadata ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        There are no metadata yet.
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Object Metadata">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600, width: '35%' }}>Key</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Value</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([key, value]) => (
            <TableRow key={key}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{key}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
