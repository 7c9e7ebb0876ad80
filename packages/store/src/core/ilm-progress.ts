// SPDX-License-Identifier: Apache-2.0
/**
 * The lifecycle pass's progress as the admin API reports it (madmin's scanner metrics): cycles, when
 * the current one started, when recent ones completed, and the ILM operations done since start keyed
 * by MinIO's action names (Delete, DeleteVersion, Transition, DeleteRestored, …).
 */
export interface IlmProgress {
  cycles: number;
  /** When the running cycle started (ms), or null when idle. */
  currentStarted: number | null;
  /** Completion times (ms) of the latest cycles, oldest first. */
  completed: number[];
  ops: Record<string, number>;
}

export interface IlmProgressSource {
  progress(): IlmProgress;
}
