// SPDX-License-Identifier: Apache-2.0
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { Alert, Box, Button, CircularProgress, Paper, Tab, Tabs, Tooltip } from '@mui/material';
import type { ObjectItem } from '@stowage/contracts';
import { type ReactElement, type ReactNode, useState } from 'react';
import { ApiError, toApiError } from '@/shared/api/api-error';
import { saveBlob } from '@/shared/api/download';
import { formatDateTime } from '@/shared/format/format-date';
import { LoadingMessage } from '@/shared/ui/loading-message';
import { PageHeader } from '@/shared/ui/page-header';
import { QueryErrorAlert } from '@/shared/ui/query-error-alert';
import { useSnackbar } from '@/shared/ui/snackbar';
import { fetchObjectBlob } from '../api/download-object';
import { useObjectBucketSettings } from '../api/get-object-bucket-settings';
import { useObjectMetadata } from '../api/get-object-metadata';
import { useObjectVersions } from '../api/list-object-versions';
import { downloadUrl, startDownload } from '../api/object-urls';
import {
  baseName,
  customerKeyLock,
  isDeletedEntry,
  needsLargeDownloadNotice,
  previewMode,
} from '../lib/detail-rules';
import { hasRealVersionId, versionAt } from '../lib/version-rules';
import { DeleteObjectDialog } from './object-delete-dialog';
import { ObjectDetailsPanel } from './object-details-panel';
import { ObjectPreview } from './object-preview';
import { VersionsTable } from './object-versions-table';
import { PreviewDialog } from './preview-dialog';
import { ShareDialog } from './share-dialog';

export interface ObjectDetailProps {
  bucket: string;
  /** Full key of the object (file mode). */
  objectName: string;
  /** When rewind is on: the ISO date of the rewind; the detail shows the object as of then. */
  rewindDate?: string;
  /** Called after the object was deleted, so the browser can go to the parent folder. */
  onDeleted: () => void;
}

type DetailTab = 'details' | 'versions' | 'preview';
type Target = { name: string; version_id?: string };

function targetOf(o: ObjectItem, pinVersion: boolean): Target {
  return pinVersion && o.version_id !== undefined
    ? { name: o.name, version_id: o.version_id }
    : { name: o.name };
}

/** A disabled action with the reason as its tooltip (a disabled button gets no hover events itself). */
function Locked({ reason, children }: { reason: string | undefined; children: ReactElement }): ReactNode {
  if (reason === undefined) return children;
  return (
    <Tooltip title={reason}>
      <span>{children}</span>
    </Tooltip>
  );
}

/**
 * Object detail, file mode (spec 1 §2.6): Share, Download and Delete Object (all disabled on a delete
 * marker) and the Details / Versions / Preview tabs. In rewind (spec 1 §4) it shows the version that was
 * current at the rewind date, read-only.
 */
export function ObjectDetail({ bucket, objectName, rewindDate, onDeleted }: ObjectDetailProps): ReactElement {
  const rewind = rewindDate !== undefined;
  const settings = useObjectBucketSettings(bucket);
  const meta = useObjectMetadata(bucket, objectName);
  // No current object (its newest version is a delete marker): the versions say what is there.
  const metaMissing = meta.error instanceof ApiError && meta.error.status === 404;
  const versions = useObjectVersions(
    bucket,
    objectName,
    rewind || metaMissing || hasRealVersionId(meta.data?.version_id),
  );
  // In rewind, the version current at the rewind date; when it is a past version (not a delete marker),
  // its own metadata, tags, retention and legal hold are asked for by its version id.
  const rewindVersion = rewind && versions.data ? versionAt(versions.data, rewindDate) : undefined;
  const pastVersionId =
    rewindVersion !== undefined &&
    !rewindVersion.is_delete_marker &&
    (metaMissing || (meta.data !== undefined && rewindVersion.version_id !== meta.data.version_id))
      ? rewindVersion.version_id
      : undefined;
  const pastMeta = useObjectMetadata(bucket, objectName, {
    enabled: pastVersionId !== undefined,
    ...(pastVersionId === undefined ? {} : { versionId: pastVersionId }),
  });
  const [tab, setTab] = useState<DetailTab>('details');
  const [dialog, setDialog] = useState<'share' | 'delete' | undefined>();
  const [shareTarget, setShareTarget] = useState<Target | undefined>();
  const [previewTarget, setPreviewTarget] = useState<Target | undefined>();
  const [downloading, setDownloading] = useState(false);
  const { showMessage, showError } = useSnackbar();

  let shown: ObjectItem | undefined;
  let extrasKnown = true;
  let loading = false;
  if (rewind) {
    loading = versions.isPending || meta.isPending || (pastVersionId !== undefined && pastMeta.isPending);
    const v = rewindVersion;
    if (v !== undefined) {
      const isCurrent =
        meta.data !== undefined && !v.is_delete_marker && v.version_id === meta.data.version_id;
      const past = pastVersionId !== undefined ? pastMeta.data : undefined;
      shown = isCurrent
        ? { ...v, ...meta.data, is_latest: true }
        : past !== undefined
          ? { ...v, ...past, is_latest: false }
          : { ...v, delete_flag: v.is_delete_marker === true };
      extrasKnown = isCurrent || past !== undefined;
    }
  } else if (meta.data) {
    shown = meta.data;
  } else if (metaMissing) {
    loading = versions.isPending;
    shown = versions.data?.[0];
    extrasKnown = false;
  } else {
    loading = meta.isPending;
  }

  if (loading) return <LoadingMessage />;
  const failure = rewind ? versions.error : metaMissing ? versions.error : meta.error;
  if (failure && !shown) {
    return (
      <QueryErrorAlert error={failure} onRetry={() => void (rewind ? versions.refetch() : meta.refetch())} />
    );
  }
  if (!shown) {
    return (
      <Alert severity="info">
        {rewind
          ? `'${objectName}' did not exist on ${formatDateTime(rewindDate)}.`
          : `'${objectName}' does not exist.`}
      </Alert>
    );
  }

  const object = shown;
  const deleted = isDeletedEntry(object);
  const editable = !rewind && !deleted;
  const versioned = settings.data?.versioned ?? false;
  const lockable = versioned && (settings.data?.locked ?? false);
  // Past versions (rewind, or a current delete marker) are addressed by their version id.
  const pinVersion = rewind || metaMissing;
  const versionsEnabled = hasRealVersionId(object.version_id);
  // SSE-C: the console has no customer key, so it cannot read the bytes (details only).
  const keyLock = customerKeyLock(object);
  const previewEnabled = !deleted && keyLock === undefined && previewMode(object.name) !== undefined;
  const activeTab: DetailTab =
    (tab === 'versions' && !versionsEnabled) || (tab === 'preview' && !previewEnabled) ? 'details' : tab;

  const download = async (target: Target, size: number | undefined): Promise<void> => {
    const url = downloadUrl(bucket, target);
    if (needsLargeDownloadNotice(size)) {
      // Large files stream straight to disk through the browser's download manager.
      startDownload(url);
      showMessage('Download process started, it may take a few moments to complete');
      return;
    }
    setDownloading(true);
    try {
      saveBlob(await fetchObjectBlob(url), baseName(target.name));
    } catch (err) {
      showError(err);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box component="section" aria-label={`Object ${baseName(object.name)}`}>
      <PageHeader
        title={baseName(object.name)}
        {...(rewind ? { subtitle: `As of ${formatDateTime(rewindDate)} (read-only)` } : {})}
        actions={
          <>
            <Locked reason={keyLock}>
              <Button
                variant="outlined"
                startIcon={<ShareOutlined />}
                disabled={deleted || keyLock !== undefined}
                onClick={() => {
                  setShareTarget(targetOf(object, pinVersion));
                  setDialog('share');
                }}
              >
                Share
              </Button>
            </Locked>
            <Locked reason={keyLock}>
              <Button
                variant="outlined"
                startIcon={
                  downloading ? <CircularProgress size={18} aria-label="Downloading" /> : <DownloadOutlined />
                }
                disabled={deleted || downloading || keyLock !== undefined}
                aria-busy={downloading}
                onClick={() => void download(targetOf(object, pinVersion), object.size)}
              >
                Download
              </Button>
            </Locked>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlined />}
              disabled={deleted || rewind}
              onClick={() => setDialog('delete')}
            >
              Delete Object
            </Button>
          </>
        }
      />
      {deleted && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {rewind
            ? `At this date the object had been deleted (on ${formatDateTime(object.last_modified)}).`
            : 'The current version of this object is a delete marker.'}
        </Alert>
      )}
      {keyLock !== undefined && !deleted && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {keyLock}
        </Alert>
      )}
      <Paper variant="outlined">
        <Tabs
          value={activeTab}
          onChange={(_, v: DetailTab) => setTab(v)}
          aria-label="Object tabs"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
        >
          <Tab value="details" label="Details" id="object-tab-details" aria-controls="object-panel-details" />
          <Tab
            value="versions"
            label="Versions"
            disabled={!versionsEnabled}
            id="object-tab-versions"
            aria-controls="object-panel-versions"
          />
          <Tab
            value="preview"
            label="Preview"
            disabled={!previewEnabled}
            id="object-tab-preview"
            aria-controls="object-panel-preview"
          />
        </Tabs>
        <Box
          role="tabpanel"
          id={`object-panel-${activeTab}`}
          aria-labelledby={`object-tab-${activeTab}`}
          sx={{ p: 3 }}
        >
          {activeTab === 'details' && (
            <ObjectDetailsPanel
              bucket={bucket}
              object={object}
              lockable={lockable}
              editable={editable}
              extrasKnown={extrasKnown}
            />
          )}
          {activeTab === 'versions' &&
            (versions.isPending ? (
              <LoadingMessage />
            ) : versions.isError ? (
              <Alert severity="error">{toApiError(versions.error).message}</Alert>
            ) : (
              <VersionsTable
                versions={versions.data}
                onShare={(v) => {
                  setShareTarget({ name: v.name, ...(v.version_id ? { version_id: v.version_id } : {}) });
                  setDialog('share');
                }}
                onDownload={(v) =>
                  void download(
                    { name: v.name, ...(v.version_id ? { version_id: v.version_id } : {}) },
                    v.size,
                  )
                }
                onPreview={(v) =>
                  setPreviewTarget({ name: v.name, ...(v.version_id ? { version_id: v.version_id } : {}) })
                }
              />
            ))}
          {activeTab === 'preview' && (
            <ObjectPreview
              key={`${object.name}@${object.version_id ?? ''}`}
              bucket={bucket}
              object={targetOf(object, pinVersion)}
            />
          )}
        </Box>
      </Paper>
      {dialog === 'share' && shareTarget && (
        <ShareDialog bucket={bucket} object={shareTarget} open onClose={() => setDialog(undefined)} />
      )}
      {dialog === 'delete' && (
        <DeleteObjectDialog
          bucket={bucket}
          object={{ name: object.name, version_id: object.version_id }}
          versioned={versioned}
          onClose={() => setDialog(undefined)}
          onDeleted={onDeleted}
        />
      )}
      {previewTarget && (
        <PreviewDialog
          bucket={bucket}
          object={previewTarget}
          open
          onClose={() => setPreviewTarget(undefined)}
        />
      )}
    </Box>
  );
}
