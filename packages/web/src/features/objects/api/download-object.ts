// SPDX-License-Identifier: Apache-2.0
import { responseError } from '@/shared/api/download';

export { responseError, saveBlob } from '@/shared/api/download';

/**
 * Fetches one object's bytes from a `downloadUrl` (GET …/objects/download, spec 1 §7) so the screen can show a
 * spinner until they have arrived; the caller saves them with {@link saveBlob}. Large files go to the
 * browser's own download manager instead (`startDownload`), which streams them to disk.
 */
export async function fetchObjectBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin', signal: signal ?? null });
  if (!response.ok) throw await responseError(response);
  return response.blob();
}

/**
 * Asks the console whether a `downloadUrl` will be served before the browser's download manager gets it:
 * a download that the console refuses (an object encrypted with a customer key, one deleted meanwhile, no
 * permission) would otherwise fail in the browser's download list with no word in the page. The check is a
 * HEAD, which reads no object bytes; a HEAD answer has no body, so a refusal is asked again with GET for
 * the console's own words, and thrown as an {@link ApiError}.
 */
export async function checkDownload(url: string): Promise<void> {
  const head = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
  if (head.ok) return;
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw await responseError(response);
  // Served after all (it changed in between): the browser downloads it again, streamed to disk.
  await response.body?.cancel();
}
