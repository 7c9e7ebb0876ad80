// SPDX-License-Identifier: Apache-2.0
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import DriveFolderUploadOutlined from '@mui/icons-material/DriveFolderUploadOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, IconButton, Link, Tooltip, Typography } from '@mui/material';
import { jobBlockedReason, links, type ObjectItem } from '@stowage/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactElement, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { toApiError } from '@/shared/api/api-error';
import { useBucketVersioning } from '@/shared/buckets/bucket-settings';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { SearchField } from '@/shared/ui/search-field';
import { useSnackbar } from '@/shared/ui/snackbar';
import { checkDownload } from '../api/download-object';
import { useFindObject } from '../api/find-object';
import { useObjectAccess } from '../api/get-object-access';
import { loadedObjects, useObjectList } from '../api/list-objects';
import { objectKeys } from '../api/object-keys';
import { downloadUrl, type ObjectRef, startDownload } from '../api/object-urls';
import { DeleteObjectDialog } from '../components/delete-objects-dialog';
import { DropZone } from '../components/drop-zone';
import { NewPathDialog } from '../components/new-path-dialog';
import { ObjectBreadcrumbs } from '../components/object-breadcrumbs';
import { ObjectDock } from '../components/object-dock';
import { ObjectList, type ObjectListActions } from '../components/object-list';
import { RewindBar } from '../components/rewind-bar';
import { RewindDialog } from '../components/rewind-dialog';
import { type Selection, SelectionActions } from '../components/selection-actions';
import { rewindStore, useRewindState } from '../components/use-rewind';
import { uploadQueue } from '../components/use-uploads';
import {
  browsePathFromPathname,
  folderPrefix,
  mayBeObject,
  parentFolder,
  pathTitle,
} from '../lib/object-paths';
import { activeRewindDate } from '../lib/rewind-store';
import { needsLargeDownloadNotice, rowVersion } from '../lib/row-rules';
import { filterObjects, nextSort, partialNote, type SortState, sortObjects } from '../lib/sort-objects';
import { targetsFromFileList, type UploadTarget, uploadPrefix } from '../lib/upload-paths';

// The object detail and the share/preview dialogs load on first use, so the listing (the common first
// screen of a huge prefix) parses less code before its first rows.
const ObjectDetail = lazy(() =>
  import('../components/object-detail').then((m) => ({ default: m.ObjectDetail })),
);
const PreviewDialog = lazy(() =>
  import('../components/preview-dialog').then((m) => ({ default: m.PreviewDialog })),
);
const RenameDialog = lazy(() =>
  import('../components/rename-dialog').then((m) => ({ default: m.RenameDialog })),
);
const ShareDialog = lazy(() =>
  import('../components/share-dialog').then((m) => ({ default: m.ShareDialog })),
);

const LARGE_DOWNLOAD_MESSAGE = 'Download process started, it may take a few moments to complete';

function refOf(item: ObjectItem, rewind: boolean): ObjectRef {
  const version = rowVersion(item, rewind);
  return version === undefined ? { name: item.name } : { name: item.name, version_id: version };
}

/**
 * /buckets/{bucketName}/browse/{path*} (spec 1 §2.6, §4; issue 7). Folders are addressed with a trailing
 * '/', objects without (see lib/object-paths). A path without the trailing '/' is shown as the object
 * detail (file mode) when it has no children but is itself an object; file mode is derived from the path,
 * so it goes off whenever the path changes.
 */
export function ObjectBrowserPage(): ReactElement {
  const { bucketName: bucket = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const path = browsePathFromPathname(location.pathname, bucket);
  const rewindState = useRewindState();
  // Spec 1 §4: rewind resets when the bucket on screen is not the rewind's bucket.
  useEffect(() => rewindStore.syncBucket(bucket), [bucket]);
  const rewindDate = activeRewindDate(rewindState, bucket);

  const prefix = folderPrefix(path);
  const list = useObjectList(bucket, prefix, rewindDate);
  const firstPage = list.data?.pages[0];
  const noChildren = firstPage !== undefined && firstPage.objects.length === 0 && !firstPage.next_cursor;
  const checkObject = mayBeObject(path) && noChildren;
  // In rewind mode the object may exist only in the past: the detail shows it as of the rewind date.
  // Asked together with the listing (links to objects have no trailing '/'), saving a round trip.
  const found = useFindObject(bucket, path, mayBeObject(path) && rewindDate === undefined);
  const fileMode = checkObject && (rewindDate !== undefined || (found.data ?? null) !== null);
  const deciding = checkObject && rewindDate === undefined && found.isPending;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <ObjectBreadcrumbs bucket={bucket} path={path} />
        </Box>
        <Button
          component={RouterLink}
          to={links.bucketAdmin(bucket)}
          variant="outlined"
          size="small"
          startIcon={<SettingsOutlined />}
        >
          Configure Bucket
        </Button>
      </Box>
      {deciding ? (
        <LoadingMessage />
      ) : fileMode ? (
        <Suspense fallback={<LoadingMessage />}>
          <ObjectDetail
            bucket={bucket}
            objectName={path}
            {...(rewindDate === undefined ? {} : { rewindDate })}
            onDeleted={() => navigate(links.bucketBrowse(bucket, parentFolder(path)))}
          />
        </Suspense>
      ) : (
        <FolderView
          key={`${bucket}\n${prefix}\n${rewindDate ?? ''}`}
          bucket={bucket}
          prefix={prefix}
          rewindDate={rewindDate}
          list={list}
          foundError={checkObject && found.isError ? found.error : null}
        />
      )}
      <ObjectDock />
    </Box>
  );
}

function FolderView({
  bucket,
  prefix,
  rewindDate,
  list,
  foundError,
}: {
  bucket: string;
  prefix: string;
  rewindDate: string | undefined;
  list: ReturnType<typeof useObjectList>;
  foundError: Error | null;
}): ReactElement {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showMessage, showError } = useSnackbar();
  const versioning = useBucketVersioning(bucket);
  const rewind = rewindDate !== undefined;
  const rewindAllowed = versioning.data !== undefined && versioning.data.status !== 'Off';

  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | undefined>(undefined);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [newPathOpen, setNewPathOpen] = useState(false);
  const [rewindDialog, setRewindDialog] = useState({ open: false, key: 0 });
  const openRewind = (): void => setRewindDialog((d) => ({ open: true, key: d.key + 1 }));
  const closeRewind = (): void => setRewindDialog((d) => ({ ...d, open: false }));
  // Select all (issue 35): everything in the folder, listed by the console, not only the loaded rows.
  const [wholeFolder, setWholeFolder] = useState(false);
  const [toRename, setToRename] = useState<string | null>(null);
  const access = useObjectAccess([bucket]).data?.[bucket];
  const renameBlocked = access ? jobBlockedReason('move', { bucket, access }, { bucket, access }) : null;
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'share' | 'preview'; object: ObjectRef } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const all = useMemo(() => loadedObjects(list.data), [list.data]);
  const rows = useMemo(() => sortObjects(filterObjects(all, search), sort), [all, search, sort]);
  const byName = useMemo(() => new Map(all.map((o) => [o.name, o])), [all]);
  const complete = list.data !== undefined && !list.hasNextPage;
  const note = partialNote({
    sorted: sort !== undefined,
    searching: search.trim() !== '',
    loaded: all.length,
    complete,
  });
  const selectedNames = [...selected].filter((n) => byName.has(n));

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const upload = (targets: UploadTarget[]): void => {
    if (targets.length === 0) return;
    uploadQueue.add(
      bucket,
      targets.map((t) => ({ file: t.file, prefix: uploadPrefix(prefix, t.relativeDir) })),
    );
  };

  // The console is asked first, so a refused download (e.g. an SSE-C object) says why in the page.
  const checkedDownload = useCallback(
    async (url: string, large: boolean): Promise<void> => {
      try {
        await checkDownload(url);
      } catch (err) {
        showError(err);
        return;
      }
      if (large) showMessage(LARGE_DOWNLOAD_MESSAGE);
      startDownload(url);
    },
    [showError, showMessage],
  );

  const download = useCallback(
    (item: ObjectItem): void => {
      void checkedDownload(downloadUrl(bucket, refOf(item, rewind)), needsLargeDownloadNotice(item));
    },
    [bucket, rewind, checkedDownload],
  );

  const downloadSelected = (): void => {
    if (wholeFolder) {
      if (prefix === '')
        showError(new Error('A whole bucket is not downloaded as one zip: select its folders.'));
      else void checkedDownload(downloadUrl(bucket, [{ name: prefix }]), false);
      return;
    }
    const items = selectedNames.map((n) => byName.get(n)).filter((x): x is ObjectItem => x !== undefined);
    if (items.length === 1 && items[0]) {
      download(items[0]);
      return;
    }
    const total = items.reduce((sum, i) => sum + (i.size ?? 0), 0);
    void checkedDownload(
      downloadUrl(
        bucket,
        items.map((i) => ({ name: i.name })),
      ),
      needsLargeDownloadNotice({ name: 'selection.zip', size: total }),
    );
  };

  // Stable callbacks: the listing's rows are memoized and re-render only when their own props change.
  const toggle = useCallback((name: string): void => {
    setWholeFolder(false);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  }, []);
  const rowActions = useMemo<ObjectListActions>(
    () => ({
      hrefFor: (item) => links.bucketBrowse(bucket, item.name),
      onOpen: (item) => navigate(links.bucketBrowse(bucket, item.name)),
      onPreview: (item) => setDialog({ kind: 'preview', object: refOf(item, rewind) }),
      onShare: (item) => setDialog({ kind: 'share', object: refOf(item, rewind) }),
      onDownload: download,
      onDelete: (item) => setToDelete(item.name),
      onRename: (item) => setToRename(item.name),
      renameBlocked: rewind ? 'Not available in rewind mode' : renameBlocked,
    }),
    [bucket, rewind, navigate, download, renameBlocked],
  );
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.name));
  const toggleAll = (): void => {
    setWholeFolder(false);
    setSelected(allChecked ? new Set() : new Set([...selected, ...rows.map((r) => r.name)]));
  };
  const selection: Selection = wholeFolder
    ? { kind: 'folder', prefix }
    : { kind: 'rows', names: selectedNames };
  const clearSelection = (): void => {
    setWholeFolder(false);
    setSelected(new Set());
  };

  const refresh = (): void => {
    // Back to the first page: refetching every loaded page of a huge prefix would be wasteful.
    void queryClient.resetQueries({ queryKey: objectKeys.list(bucket, prefix) });
  };

  const error = list.isError ? list.error : foundError;
  const folderLabel = prefix === '' ? `${bucket} (bucket root)` : `/${prefix}`;

  const body = (() => {
    if (list.isPending) return <LoadingMessage />;
    if (error) {
      const e = toApiError(error);
      return (
        <Alert severity="error">
          {e.message}
          {e.detail ? ` — ${e.detail}` : ''}
        </Alert>
      );
    }
    if (all.length === 0 && !list.hasNextPage) {
      return (
        <EmptyState
          icon={<FolderOpenOutlined />}
          title={
            rewind ? 'This location is empty' : 'This location is empty, please try uploading a new file'
          }
        >
          {rewind ? undefined : 'Drop files or folders here, or use Upload file.'}
        </EmptyState>
      );
    }
    return (
      <>
        {rows.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            No loaded object name contains “{search.trim()}”.
          </Typography>
        )}
        <ObjectList
          rows={rows}
          totalLoaded={all.length}
          rewind={rewind}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          sort={sort}
          onSort={(field) => setSort(nextSort(sort, field))}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={loadMore}
          actions={rowActions}
          scrollResetKey={`${sort?.field ?? ''} ${sort?.direction ?? ''} ${search}`}
        />
      </>
    );
  })();

  const loadedCount = all.length.toLocaleString('en-US');
  return (
    <Box>
      <PageHeader
        title={pathTitle(prefix)}
        subtitle={
          list.data
            ? `${loadedCount}${list.hasNextPage ? '+' : ''} ${all.length === 1 ? 'item' : 'items'}${list.hasNextPage ? ' (more load as you scroll)' : ''}`
            : undefined
        }
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<CreateNewFolderOutlined />}
              disabled={rewind}
              onClick={() => setNewPathOpen(true)}
            >
              Choose or create a new path
            </Button>
            <Button
              variant="contained"
              startIcon={<UploadFileOutlined />}
              disabled={rewind}
              onClick={() => fileInput.current?.click()}
            >
              Upload file
            </Button>
            <Button
              variant="outlined"
              startIcon={<DriveFolderUploadOutlined />}
              disabled={rewind}
              onClick={() => folderInput.current?.click()}
            >
              Upload folder
            </Button>
            <Tooltip title={rewindAllowed ? '' : 'Rewind needs a versioned bucket'}>
              <span>
                <Button
                  variant={rewind ? 'contained' : 'outlined'}
                  color={rewind ? 'secondary' : 'primary'}
                  startIcon={<HistoryOutlined />}
                  disabled={!rewindAllowed}
                  onClick={openRewind}
                >
                  Rewind
                </Button>
              </span>
            </Tooltip>
            <Tooltip title="Refresh list">
              <span>
                <IconButton aria-label="Refresh list" disabled={rewind} onClick={refresh}>
                  <RefreshOutlined />
                </IconButton>
              </span>
            </Tooltip>
          </>
        }
      />
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        aria-label="Files to upload"
        onChange={(e) => {
          upload(targetsFromFileList(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        aria-label="Folder to upload"
        {...{ webkitdirectory: '' }}
        onChange={(e) => {
          upload(targetsFromFileList(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      {rewindDate !== undefined && (
        <RewindBar date={rewindDate} onChange={openRewind} onShowCurrent={() => rewindStore.reset()} />
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <SearchField label="Search Objects" value={search} onChange={setSearch} />
        <Box sx={{ flex: 1 }} />
        {wholeFolder ? (
          <Typography variant="body2" color="text.secondary" role="status">
            Everything in this folder is selected ·{' '}
            <Link component="button" type="button" onClick={clearSelection}>
              Clear selection
            </Link>
          </Typography>
        ) : (
          selectedNames.length > 0 && (
            <Typography variant="body2" color="text.secondary" role="status">
              {selectedNames.length.toLocaleString('en-US')} selected
              {allChecked && list.hasNextPage && !rewind && (
                <>
                  {' · '}
                  <Link component="button" type="button" onClick={() => setWholeFolder(true)}>
                    Select everything in this folder
                  </Link>
                </>
              )}
            </Typography>
          )
        )}
        <SelectionActions
          bucket={bucket}
          selection={selection}
          rewind={rewind}
          onDownload={downloadSelected}
          onDone={clearSelection}
        />
      </Box>
      {note && (
        <Typography variant="caption" color="text.secondary" component="p" role="note" sx={{ mb: 1 }}>
          {note}
        </Typography>
      )}
      <DropZone disabled={rewind} targetLabel={folderLabel} onFiles={upload} onError={showError}>
        {body}
      </DropZone>

      <NewPathDialog
        open={newPathOpen}
        currentPrefix={prefix}
        onClose={() => setNewPathOpen(false)}
        onGo={(folder) => {
          setNewPathOpen(false);
          navigate(links.bucketBrowse(bucket, folder));
        }}
      />
      <RewindDialog
        key={rewindDialog.key}
        open={rewindDialog.open}
        currentDate={rewindDate}
        rewindOn={rewind}
        onClose={closeRewind}
        onShowCurrent={() => {
          rewindStore.reset();
          closeRewind();
        }}
        onRewind={(iso) => {
          rewindStore.enable(bucket, iso);
          closeRewind();
        }}
      />
      {toRename !== null && (
        <Suspense fallback={null}>
          <RenameDialog
            bucket={bucket}
            name={toRename}
            onClose={() => setToRename(null)}
            onStarted={() => setToRename(null)}
          />
        </Suspense>
      )}
      <DeleteObjectDialog
        bucket={bucket}
        name={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(name) => {
          setToDelete(null);
          const next = new Set(selected);
          next.delete(name);
          setSelected(next);
        }}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'share' && (
          <ShareDialog bucket={bucket} object={dialog.object} open onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'preview' && (
          <PreviewDialog bucket={bucket} object={dialog.object} open onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </Box>
  );
}
