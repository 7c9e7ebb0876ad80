// SPDX-License-Identifier: Apache-2.0
import type { SystemStore } from '../object-layer/types.js';
import { IamPersistence } from './persistence.js';

/** Root credentials from MINIO_ROOT_USER / MINIO_ROOT_PASSWORD. */
export interface RootCredentials {
  accessKey: string;
  secretKey: string;
}

/**
 * What every IAM component shares: the root credentials, the documents on the system store, one write
 * lock (so memory and disk never diverge) and a change signal that drops cached effective policies.
 */
export class IamContext {
  readonly root: RootCredentials;
  readonly persist: IamPersistence;
  #lock: Promise<unknown> = Promise.resolve();
  readonly #listeners: (() => void)[] = [];

  constructor(system: SystemStore, root: RootCredentials) {
    this.root = root;
    this.persist = new IamPersistence(system);
  }

  /** Is this the root user's access key? */
  isRoot(accessKey: string): boolean {
    return accessKey === this.root.accessKey;
  }

  /**
   * Runs mutations one at a time. Component methods documented as "inside the lock" must only be called
   * from a function already running here (they do not take the lock themselves).
   */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#lock.then(fn, fn);
    this.#lock = run.catch(() => undefined);
    return run;
  }

  /** Registers a callback run whenever users, groups, policies or their mappings change. */
  onChange(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /** Signals that users, groups, policies or mappings changed. */
  changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
