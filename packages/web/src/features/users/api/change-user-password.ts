// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ChangeUserPasswordRequest } from '@stowage/contracts';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';

/** POST /api/v1/account/change-user-password (spec 2 §7). */
export function changeUserPassword(body: ChangeUserPasswordRequest): Promise<void> {
  return apiRequest(apiPaths.changeUserPassword, { method: 'POST', body });
}

export function useChangeUserPassword(): UseMutationResult<void, ApiError, ChangeUserPasswordRequest> {
  return useMutation({ mutationFn: changeUserPassword });
}
