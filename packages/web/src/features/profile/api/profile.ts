// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ProfilerTypeName,
  type ProfileStartResponse,
  profileStartResponseSchema,
} from '@stowage/contracts';
import { withBasePath } from '@/shared/api/base-path';
import { apiRequest } from '@/shared/api/client';
import { dispositionFileName, responseError, saveBlob } from '@/shared/api/download';

/** Starts profiling the server with these types (POST /api/v1/admin/profile/start). */
export function startProfile(types: ProfilerTypeName[]): Promise<ProfileStartResponse> {
  return apiRequest(apiPaths.profileStart, {
    method: 'POST',
    body: { types },
    schema: profileStartResponseSchema,
  });
}

/**
 * Stops the profiling and saves the server's zip of the profiles (POST /api/v1/admin/profile/stop);
 * returns the file's name. Failures throw the console's ApiError.
 */
export async function stopProfile(): Promise<string> {
  const response = await fetch(withBasePath(apiPaths.profileStop), {
    method: 'POST',
    credentials: 'same-origin',
  });
  if (!response.ok) throw await responseError(response);
  const name = dispositionFileName(response.headers.get('content-disposition'), 'profile.zip');
  saveBlob(await response.blob(), name);
  return name;
}
