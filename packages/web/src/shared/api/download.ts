// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema } from '@stowage/contracts';
import { ApiError } from './api-error';

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

/** Saves a value as an indented JSON file. */
export function saveJson(data: unknown, fileName: string): void {
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}

/** The file name of a Content-Disposition header (`filename="…"`), or `fallback`. */
export function dispositionFileName(header: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;
}
