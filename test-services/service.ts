// SPDX-License-Identifier: Apache-2.0
/** A system a test needs, started once per run. `info` is JSON: URLs, ports, credentials. */
export interface StartedService {
  readonly info: Record<string, unknown>;
  stop(): Promise<void>;
}

/** Starts one service; `scratchDir` (not yet created) is its own, removed at the end of the run. */
export type ServiceStarter = (scratchDir: string) => Promise<StartedService>;
