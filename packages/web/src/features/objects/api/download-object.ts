import { apiErrorSchema } from '@stowage/contracts';
import { ApiError } from '@/shared/api/api-error';

/**
 * Fetches one object's bytes from a `downloadUrl` (GET …/objects/download, spec 1 §7) so the screen can show a
 * spinner until they have arrived; the caller saves them with {@link saveBlob}. Large files go to the
 * browser's own download manager instead (`startDownload`), which streams them to disk.
 */
export async function fetchObjectBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin', signal: signal ?? null });
  if (!response.ok) {
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
    throw new ApiError(message, detail, response.status);
  }
  return response.blob();
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
