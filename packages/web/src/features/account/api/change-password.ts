// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ChangePasswordRequest } from '@stowage/contracts';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';

/**
 * POST /api/v1/account/change-password (spec 2 §7). The backend checks the current password and renews
 * the session cookie, so the user stays signed in.
 */
export function changePassword(body: ChangePasswordRequest): Promise<void> {
  return apiRequest(apiPaths.changePassword, { method: 'POST', body });
}

export function useChangePassword(): UseMutationResult<void, ApiError, ChangePasswordRequest> {
  return useMutation({ mutationFn: changePassword });
}
