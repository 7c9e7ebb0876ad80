// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type ServiceRestartResponse, serviceRestartResponseSchema } from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { ApiError } from '../api/api-error';
import { apiRequest } from '../api/client';

/**
 * The system state's `serverNeedsRestart` flag (spec 3 §3, §4; spec 2 §4 "Saving a configuration sets the
 * flag that the server needs a restart"): set by the Settings and webhook saves, read by the shell's
 * restart banner. Kept for the browser tab's session, so a reload does not forget a pending restart.
 */
const storageKey = 'stowage-server-needs-restart';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.sessionStorage.getItem(storageKey) === 'yes';
  } catch {
    return false;
  }
}

let needsRestart: boolean | undefined;

/** Sets or clears the flag; every banner and screen reading it updates. */
export function setServerNeedsRestart(value: boolean): void {
  needsRestart = value;
  try {
    if (value) window.sessionStorage.setItem(storageKey, 'yes');
    else window.sessionStorage.removeItem(storageKey);
  } catch {
    // Storage may be off (private mode): the flag then lives for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): boolean {
  needsRestart ??= read();
  return needsRestart;
}

export function useServerNeedsRestart(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/** Marks a restart as needed when a configuration write's answer says so. */
export function noteConfigWrite(answer: { restart: boolean }): void {
  if (answer.restart) setServerNeedsRestart(true);
}

/** POST /api/v1/service/restart: answers once the server is back. */
export function restartServer(): Promise<ServiceRestartResponse> {
  return apiRequest(apiPaths.serviceRestart, { method: 'POST', schema: serviceRestartResponseSchema });
}

export function useRestartServer(): UseMutationResult<ServiceRestartResponse, ApiError, void> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restartServer,
    onSuccess: () => {
      setServerNeedsRestart(false);
      // Values in effect may have changed with the restart.
      return queryClient.invalidateQueries();
    },
  });
}
