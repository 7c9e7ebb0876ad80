// SPDX-License-Identifier: Apache-2.0
import { apiPaths, inspectKeyHeader } from '@stowage/contracts';
import { withBasePath } from '@/shared/api/base-path';
import { dispositionFileName, responseError, saveBlob } from '@/shared/api/download';

/**
 * Asks the console for the raw files of the matching objects (GET /api/v1/admin/inspect) and saves the
 * answer; returns the one-time key of an encrypted answer (null for a plain zip). Failures throw the
 * console's ApiError (a path that matches nothing is a 404 with the server's reason).
 */
export async function downloadInspect(
  volume: string,
  path: string,
  encrypt: boolean,
): Promise<string | null> {
  const query = new URLSearchParams({ volume: volume.trim(), file: path.trim(), encrypt: String(encrypt) });
  const response = await fetch(withBasePath(`${apiPaths.inspect}?${query}`), { credentials: 'same-origin' });
  if (!response.ok) throw await responseError(response);
  const blob = await response.blob();
  saveBlob(
    blob,
    dispositionFileName(response.headers.get('content-disposition'), encrypt ? 'inspect.enc' : 'inspect.zip'),
  );
  return response.headers.get(inspectKeyHeader);
}
