// SPDX-License-Identifier: Apache-2.0
import {
  LARGE_DOWNLOAD_NOTICE_BYTES,
  type ObjectItem,
  type PreviewKind,
  previewKind,
} from '@stowage/contracts';

/** Spec 1 §8–9: above 100 MiB the browser says the download started, since it may take a while. */
export function needsLargeDownloadNotice(size: number | undefined): boolean {
  return size !== undefined && size > LARGE_DOWNLOAD_NOTICE_BYTES;
}

/** How the preview shows a file: the spec's kinds, with pdf and txt (its "text" kind) told apart. */
export type PreviewMode = Exclude<PreviewKind, 'text'> | 'pdf' | 'text';

export function previewMode(name: string): PreviewMode | undefined {
  const kind = previewKind(name);
  if (kind !== 'text') return kind;
  return name.toLowerCase().endsWith('.pdf') ? 'pdf' : 'text';
}

/** A delete marker (or, in rewind, an object deleted by then) has no bytes to share, download or delete. */
export function isDeletedEntry(o: Pick<ObjectItem, 'is_delete_marker' | 'delete_flag'> | undefined): boolean {
  return o?.is_delete_marker === true || o?.delete_flag === true;
}

/** Text previews read at most this much, so a huge log file does not freeze the tab. */
export const TEXT_PREVIEW_MAX_BYTES = 1_048_576;

/** The last segment of a key: what a download is named and what titles show. */
export function baseName(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || key;
}

/** What the object detail says about an SSE-C object (its Download, Preview and Share are off). */
export const CUSTOMER_KEY_NOTICE =
  'This object is encrypted with a customer-provided key (SSE-C). The console does not have the key, so it cannot download, preview or share the object; use an S3 client that sends the key.';

/**
 * Why the console cannot read an object's bytes, or undefined when it can: an SSE-C object needs its
 * customer key on every read, and the console never holds one.
 */
export function customerKeyLock(o: Pick<ObjectItem, 'encryption'>): string | undefined {
  return o.encryption?.type === 'SSE-C' ? CUSTOMER_KEY_NOTICE : undefined;
}
