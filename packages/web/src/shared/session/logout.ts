// SPDX-License-Identifier: Apache-2.0
import { apiPaths } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { clearUserMarker } from './user-marker';

/** POST /api/v1/logout. Its failure is ignored (spec 2 §8): the user is signed out locally either way. */
export async function logout(): Promise<void> {
  try {
    await apiRequest(apiPaths.logout, { method: 'POST', endSessionOnAuthFailure: false });
  } catch {
    // spec 2 §8 "Logout failure is ignored."
  }
}

/** Logs out, forgets every cached answer of this user, then runs `onDone` (the app navigates to /login). */
export function useLogout(onDone: () => void): UseMutationResult<void, never, void> {
  const queryClient = useQueryClient();
  return useMutation<void, never, void>({
    mutationFn: logout,
    onSettled: () => {
      clearUserMarker();
      // Leave the signed-in screens first, so nothing refetches into the cache that is being dropped.
      onDone();
      queryClient.clear();
    },
  });
}
