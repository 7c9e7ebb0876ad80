// SPDX-License-Identifier: Apache-2.0
import { promises as fsp } from 'node:fs';
import { s3Error } from '../core/errors.js';
import type { ErasureSet } from './erasure-set.js';
import { healAll, healObject } from './heal.js';
import { nameObject } from './journal.js';
import type { HealOptions, StorageInfo } from './types.js';

/**
 * The layer's own drive management: bringing the drives up at open, the periodic health probe that
 * takes drives offline and back, the automatic heal of a new or wiped drive folder next to drives
 * holding data (at open, or when a probe re-formats it), and the storage report.
 */

export interface DriveHealthOptions {
  /** Health probe period in ms (default 10 s; 0 disables). */
  healthIntervalMs?: number;
  /** Heal in the background when a drive folder is new or was wiped (default true). */
  autoHeal?: boolean;
  /** Errors of the background heal, for logging. */
  onBackgroundError?: (err: unknown) => void;
}

/** Health probes and auto-heal of one erasure set's drives. */
export class DriveHealth {
  private readonly set: ErasureSet;
  private healthTimer: NodeJS.Timeout | null = null;
  private healing: Promise<void> | null = null;
  private healAgain = false;
  private readonly autoHeal: boolean;
  private readonly onBackgroundError: (err: unknown) => void;
  /** Scan mode and pacing of the background heal (the store's `heal` config set). */
  healOptions: HealOptions = {};

  /** Starts the health probe timer (unref'd) and hooks the drives' re-format events. */
  constructor(set: ErasureSet, opts: DriveHealthOptions) {
    this.set = set;
    this.autoHeal = opts.autoHeal ?? true;
    this.onBackgroundError = opts.onBackgroundError ?? (() => undefined);
    for (const d of set.drives) d.onFormatted = () => this.startHeal();
    const every = opts.healthIntervalMs ?? 10_000;
    if (every > 0) {
      this.healthTimer = setInterval(() => {
        for (const d of set.drives) void d.check();
      }, every);
      this.healthTimer.unref();
    }
  }

  /**
   * Open the drive folders; throws XMinioServerNotInitialized when fewer than a read quorum are
   * usable. A new or wiped drive next to drives that hold data (a replaced drive) is rebuilt.
   */
  async init(): Promise<void> {
    const { drives } = this.set;
    await Promise.all(drives.map((d) => d.init()));
    await recoverFromJournals(this.set);
    if (drives.filter((d) => d.online).length < this.set.readQuorum) {
      throw s3Error('XMinioServerNotInitialized', {}, 'Too few drives are usable to start the object layer.');
    }
    if (drives.some((d) => d.formatted) && drives.some((d) => !d.formatted)) this.startHeal();
  }

  /** Background heal of everything (coalesced: one run at a time, re-run once if asked meanwhile). */
  private startHeal(): void {
    if (!this.autoHeal || this.set.closed) return;
    if (this.healing) {
      this.healAgain = true;
      return;
    }
    this.healing = (async () => {
      do {
        this.healAgain = false;
        await healAll(this.set, this.healOptions).catch(this.onBackgroundError);
      } while (this.healAgain && !this.set.closed);
    })().finally(() => {
      this.healing = null;
    });
  }

  /** Resolves when no background heal is running (tests, orderly shutdown). */
  async healIdle(): Promise<void> {
    while (this.healing) await this.healing.catch(() => undefined);
  }

  /** Stop the probes and wait for a running heal (which stops early once the set is closed). */
  async stop(): Promise<void> {
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.healthTimer = null;
    await this.healing?.catch(() => undefined);
  }
}

/** Probe every drive, then report each one's state and space. */
export async function storageInfo(set: ErasureSet): Promise<StorageInfo> {
  await Promise.all(set.drives.map((d) => d.check()));
  const drives = await Promise.all(
    set.drives.map(async (d) => {
      let totalSpace = 0;
      let availSpace = 0;
      let usedSpace = 0;
      try {
        const st = await fsp.statfs(d.root);
        totalSpace = st.blocks * st.bsize;
        availSpace = st.bavail * st.bsize;
        usedSpace = (st.blocks - st.bfree) * st.bsize;
        if (d.usage) {
          // A sized volume: its own size, what the store keeps there, and the rest (or the disk's free space if less).
          await d.usage.refresh();
          totalSpace = d.usage.capacity;
          usedSpace = d.usage.used;
          availSpace = Math.min(d.usage.free, availSpace);
        }
      } catch {
        // Offline drive: no figures.
      }
      return {
        path: d.root,
        index: d.index,
        state: d.state,
        uuid: d.uuid,
        totalSpace,
        usedSpace,
        availSpace,
      };
    }),
  );
  return {
    drives,
    parity: set.parityShards,
    dataShards: set.dataShards,
    erasure: set.drives.length >= 4,
  };
}

/**
 * Crash recovery at open: the rows the drives' journals hold are put back in each catalog, then every object
 * those records name is healed across the drives — a write in flight at the crash may have reached some
 * drives and not others, and from now on it reads the same whichever drives answer (rolled forward
 * where a read quorum has it, back where not) — and only then are the journal segments retired.
 */
async function recoverFromJournals(set: ErasureSet): Promise<void> {
  const touched = await set.replayJournals();
  for (const name of touched) {
    const obj = nameObject(name);
    await healObject(set, obj.bucket, obj.key, { scanMode: 'normal' }).catch(() => undefined);
  }
  await set.retireJournals();
}
