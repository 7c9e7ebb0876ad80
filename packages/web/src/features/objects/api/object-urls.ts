// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath } from '@stowage/contracts';
import { withBasePath } from '@/shared/api/base-path';

export interface ObjectRef {
  name: string;
  version_id?: string;
}

function query(params: [string, string | undefined][]): string {
  const q = new URLSearchParams();
  for (const [k, v] of params) if (v !== undefined && v !== '') q.append(k, v);
  return q.toString();
}

/**
 * URL of GET …/objects/download for one object or version (browser navigation, spec 1 §7). `preview` asks
 * for inline display; several names or a folder name (ending in '/') download as one zip.
 */
export function downloadUrl(
  bucket: string,
  objects: ObjectRef | readonly ObjectRef[],
  preview = false,
): string {
  const list = Array.isArray(objects) ? objects : [objects as ObjectRef];
  const params: [string, string | undefined][] = list.map((o) => ['prefix', o.name]);
  if (list.length === 1) params.push(['version_id', list[0]?.version_id]);
  if (preview) params.push(['preview', 'true']);
  return `${withBasePath(fillApiPath(apiPaths.objectDownload, { bucket }))}?${query(params)}`;
}

/** Starts a browser download of `url` without leaving the page. */
export function startDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
