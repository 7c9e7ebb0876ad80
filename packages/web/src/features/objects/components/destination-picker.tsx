// SPDX-License-Identifier: Apache-2.0
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import {
  Box,
  Breadcrumbs,
  Button,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { toApiError } from '@/shared/api/api-error';
import { BucketPicker } from '@/shared/buckets/bucket-picker';
import { listObjectsPage } from '../api/list-objects';
import { objectKeys } from '../api/object-keys';
import { entryName, newFolderPath, pathSegments } from '../lib/object-paths';

export interface Destination {
  bucket: string;
  /** '' (the bucket's root) or a folder ending in '/'. */
  prefix: string;
}

/**
 * The destination of Copy to… / Move to… (issue 35): a bucket, then its folder tree one level at a time —
 * open a folder to go in, a crumb to go back up, or name a new folder (it exists once something lands in it).
 */
export function DestinationPicker({
  value,
  onChange,
}: {
  value: Destination;
  onChange: (d: Destination) => void;
}): ReactElement {
  const [newFolder, setNewFolder] = useState('');
  const folders = useQuery({
    queryKey: [...objectKeys.list(value.bucket, value.prefix), 'folders'],
    queryFn: ({ signal }) => listObjectsPage(value.bucket, value.prefix, undefined, undefined, signal),
    enabled: value.bucket !== '',
  });
  const shown = folders.data?.objects.filter((o) => o.name.endsWith('/')) ?? [];
  const segs = pathSegments(value.prefix);
  const addFolder = (): void => {
    const next = newFolderPath(value.prefix, newFolder);
    if (next !== undefined) onChange({ bucket: value.bucket, prefix: next });
    setNewFolder('');
  };
  return (
    <Box role="group" aria-label="Destination">
      <BucketPicker
        value={value.bucket}
        onChange={(bucket) => onChange({ bucket, prefix: '' })}
        disabled={false}
      />
      {value.bucket !== '' && (
        <>
          <Breadcrumbs aria-label="Destination folder" sx={{ mt: 2, mb: 1 }}>
            <Link
              component="button"
              type="button"
              onClick={() => onChange({ bucket: value.bucket, prefix: '' })}
            >
              {value.bucket}
            </Link>
            {segs.map((s, i) => (
              <Link
                key={segs.slice(0, i + 1).join('/')}
                component="button"
                type="button"
                onClick={() =>
                  onChange({ bucket: value.bucket, prefix: `${segs.slice(0, i + 1).join('/')}/` })
                }
              >
                {s}
              </Link>
            ))}
          </Breadcrumbs>
          <List
            dense
            aria-label="Folders"
            sx={{ maxHeight: 220, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {folders.isPending && (
              <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
                Loading folders…
              </Typography>
            )}
            {folders.isError && (
              <Typography variant="body2" color="error" sx={{ p: 1.5 }}>
                {toApiError(folders.error).message}
              </Typography>
            )}
            {folders.isSuccess && shown.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
                No folders here.
              </Typography>
            )}
            {shown.map((f) => (
              <ListItemButton key={f.name} onClick={() => onChange({ bucket: value.bucket, prefix: f.name })}>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <FolderOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={entryName(f.name)} />
              </ListItemButton>
            ))}
          </List>
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5, alignItems: 'center' }}>
            <TextField
              size="small"
              label="New folder"
              value={newFolder}
              onChange={(e) => setNewFolder(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addFolder();
                }
              }}
              sx={{ flex: 1 }}
            />
            <Button
              startIcon={<CreateNewFolderOutlined />}
              onClick={addFolder}
              disabled={newFolder.trim() === ''}
            >
              Add
            </Button>
          </Box>
          <Typography variant="body2" sx={{ mt: 1.5 }} role="status">
            Destination: <strong>{`${value.bucket}/${value.prefix}`}</strong>
          </Typography>
        </>
      )}
    </Box>
  );
}
