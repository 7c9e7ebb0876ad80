// SPDX-License-Identifier: Apache-2.0
import { useSyncExternalStore } from 'react';
import { type RewindState, RewindStore } from '../lib/rewind-store';

/** The one rewind store of the app (spec 1 §4 "Rewind"). */
export const rewindStore = new RewindStore();

export function useRewindState(): RewindState {
  return useSyncExternalStore(rewindStore.subscribe, rewindStore.get, rewindStore.get);
}
