// SPDX-License-Identifier: Apache-2.0
/**
 * Rewind state (spec 1 §4 "Rewind"): enabled, the bucket and the ISO date. Kept in a small module store
 * (read with `useSyncExternalStore`) rather than in the URL, as in the original console: it survives
 * moving between folders and to the object detail, and it is void for any other bucket — "Rewind resets if
 * the rewind bucket differs from the current bucket".
 */
export interface RewindState {
  enabled: boolean;
  bucket: string;
  /** ISO 8601 date of GET …/rewind/{isoDate}. */
  date: string;
}

export const rewindOff: RewindState = { enabled: false, bucket: '', date: '' };

export class RewindStore {
  private state: RewindState = rewindOff;
  private readonly listeners = new Set<() => void>();

  get = (): RewindState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  enable(bucket: string, date: string): void {
    this.set({ enabled: true, bucket, date });
  }

  /** 'Show Current Data'. */
  reset(): void {
    this.set(rewindOff);
  }

  /** Called with the bucket on screen: a rewind of another bucket is dropped. */
  syncBucket(bucket: string): void {
    if (this.state.enabled && this.state.bucket !== bucket) this.reset();
  }

  private set(next: RewindState): void {
    this.state = next;
    for (const l of this.listeners) l();
  }
}

/** The rewind date to use on a bucket's screen, or undefined when rewind is off there. */
export function activeRewindDate(state: RewindState, bucket: string): string | undefined {
  return state.enabled && state.bucket === bucket ? state.date : undefined;
}
