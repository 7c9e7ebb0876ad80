// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema } from '@stowage/contracts';
import { ApiError } from '@/shared/api/api-error';

/** The API error a failed answer of the console carries (`{errorMessage, detailedError}`), or its status. */
export async function responseError(response: Response): Promise<ApiError> {
  let message = `Error ${response.status}`;
  let detail: string | undefined;
  const parsed = apiErrorSchema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) {
    message = parsed.data.errorMessage || message;
    detail =
      parsed.data.detailedError && parsed.data.detailedError !== message
        ? parsed.data.detailedError
        : undefined;
  }
  return new ApiError(message, detail, response.status);
}

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

/** Hands fetched bytes to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the bytes over; revoking later leaves the browser time to start reading them.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
