// SPDX-License-Identifier: Apache-2.0
import { spawn } from 'node:child_process';
import { open, readFile, rename, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SecretTools } from '../../config/secrets.js';
import { type EventLog, type ProcessState, readJson, type TenantState, writeJson } from './files.js';

/** How to start one tenant's server: the command line and environment, rebuilt on every (re)start. */
export interface LaunchSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
  logFile: string;
  /** A string only this tenant's command line contains (its folder), to tell its pid from a reused one. */
  marker: string;
}

const POLL_MS = 500;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 30_000;
/** A process that served this long resets the back-off. */
const STABLE_MS = 60_000;
const STOP_GRACE_MS = 15_000;
/** The process's log is rotated at a start once it passes this size (one old log kept). */
const MAX_LOG_BYTES = 16 * 1024 * 1024;
/** How long a start may take before the process counts as failed and is restarted. */
const START_TIMEOUT_MS = 60_000;

/** True when `pid` is alive and its command line contains `marker` (so not a reused pid). */
export async function processAlive(pid: number, marker: string): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    if (cmdline === '') return false; // a zombie has no command line
    return cmdline.includes(marker);
  } catch {
    return false;
  }
}

/**
 * Supervises one tenant's server process, Kubernetes-style: started detached (it outlives the console,
 * which adopts it on its next start from `state.json`), watched by polling its pid, restarted with an
 * exponential back-off when it exits unasked, its state and restarts kept in `state.json` and its
 * lifecycle in the event log (Started, Killing, BackOff, …).
 */
export class TenantSupervisor {
  #state: TenantState = { pid: null, state: 'Initialized', restarts: 0, startedAt: null };
  #wanted = false;
  #timer: NodeJS.Timeout | null = null;
  #backoffMs = BACKOFF_MIN_MS;
  #busy: Promise<void> = Promise.resolve();
  #closed = false;
  /** The process was killed by a pod delete: restart without back-off. */
  #killed = false;

  constructor(
    private readonly stateFile: string,
    private readonly events: EventLog,
    private readonly tools: Pick<SecretTools, 'writeFileAtomic'>,
    /** Builds the launch spec at each start (certificates, pools and env may have changed). */
    private readonly launch: () => Promise<LaunchSpec>,
    /** What identifies the process and where it logs, cheap enough for every poll. */
    private readonly identity: () => Pick<LaunchSpec, 'marker' | 'logFile'>,
    /** A log larger than this when a process starts is kept as `<log>.1` and a new one begun. */
    private readonly maxLogBytes = MAX_LOG_BYTES,
  ) {}

  get state(): Readonly<TenantState> {
    return this.#state;
  }

  /** Adopts a running process from `state.json` or starts one; then keeps it running. */
  async run(): Promise<void> {
    const saved = await readJson<TenantState>(this.stateFile);
    if (saved) this.#state = { ...saved };
    this.#wanted = true;
    const { marker } = this.identity();
    if (this.#state.pid !== null && (await processAlive(this.#state.pid, marker))) {
      if (this.#state.state !== 'Running') await this.#setState('Running');
    } else {
      await this.#serialized(async () => this.#spawn(await this.launch()));
    }
    this.#watch();
  }

  /** Kills the process as a pod delete does; the supervisor starts it again (restarts + 1). */
  async killPod(): Promise<void> {
    const pid = this.#state.pid;
    this.#killed = true;
    await this.events.add('Normal', 'Killing', 'Stopping container minio');
    if (pid !== null) signal(pid, 'SIGTERM');
  }

  /** Stops the process and starts it again with a fresh launch spec (new pools, certificates, env). */
  async restart(reason: string): Promise<void> {
    await this.#serialized(async () => {
      await this.events.add('Normal', 'Killing', `Stopping container minio: ${reason}`);
      await this.#terminate();
      this.#state.restarts += 1;
      await this.#spawn(await this.launch());
    });
  }

  /** Stops the process for good (tenant deleted). */
  async stop(): Promise<void> {
    this.#wanted = false;
    this.#unwatch();
    await this.#serialized(async () => {
      await this.#terminate();
      await this.#setState('Stopped');
    });
  }

  /** Stops watching; the process keeps running (console shutdown). */
  close(): void {
    this.#closed = true;
    this.#unwatch();
  }

  /** Waits until the process serves (state Running), bounded. */
  async waitRunning(timeoutMs = START_TIMEOUT_MS): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.#state.state === 'Running') return true;
      if (!this.#wanted) return false;
      await sleep(100);
    }
    return this.#state.state === 'Running';
  }

  #serialized(work: () => Promise<void>): Promise<void> {
    const next = this.#busy.then(work, work);
    this.#busy = next.catch(() => undefined);
    return next;
  }

  #watch(): void {
    if (this.#timer !== null || this.#closed) return;
    const tick = async (): Promise<void> => {
      this.#timer = null;
      if (!this.#wanted || this.#closed) return;
      await this.#serialized(() => this.#check()).catch(() => undefined);
      if (this.#wanted && !this.#closed) this.#timer = setTimeout(() => void tick(), POLL_MS);
    };
    this.#timer = setTimeout(() => void tick(), POLL_MS);
  }

  #unwatch(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #check(): Promise<void> {
    if (!this.#wanted) return;
    const spec = this.identity();
    const pid = this.#state.pid;
    if (pid !== null && (await processAlive(pid, spec.marker))) {
      const startedAt = this.#state.startedAt ?? Date.now();
      if (this.#state.state !== 'Running' && (await serving(spec.logFile, this.#logOffset))) {
        // The event first: whoever sees Running finds its Started event.
        await this.events.add('Normal', 'Started', 'Started container minio');
        await this.#setState('Running');
      }
      if (this.#state.state === 'Running' && Date.now() - startedAt > STABLE_MS)
        this.#backoffMs = BACKOFF_MIN_MS;
      if (this.#state.state !== 'Running' && Date.now() - startedAt > START_TIMEOUT_MS) {
        await this.events.add('Warning', 'Unhealthy', 'The server did not start serving in time');
        signal(pid, 'SIGKILL');
      }
      return;
    }
    await this.#setState('Restarting', null);
    if (this.#killed) {
      // A deleted pod comes back at once, as its replacement would.
      this.#killed = false;
      this.#state.restarts += 1;
      await this.#spawn(await this.launch());
      return;
    }
    // Exited without being asked to stop: back off, then start again.
    await this.events.add(
      'Warning',
      'BackOff',
      `Back-off ${Math.round(this.#backoffMs / 1000)}s restarting exited container minio`,
    );
    await sleep(this.#backoffMs);
    this.#backoffMs = Math.min(BACKOFF_MAX_MS, this.#backoffMs * 2);
    if (!this.#wanted) return;
    this.#state.restarts += 1;
    await this.#spawn(await this.launch());
  }

  #logOffset = 0;

  async #spawn(spec: LaunchSpec): Promise<void> {
    const size = await stat(spec.logFile).then(
      (st) => st.size,
      () => 0,
    );
    if (size > this.maxLogBytes) await rename(spec.logFile, `${spec.logFile}.1`);
    const log = await open(spec.logFile, 'a', 0o600);
    try {
      this.#logOffset = (await stat(spec.logFile)).size;
      const child = spawn(spec.command, spec.args, {
        detached: true,
        stdio: ['ignore', log.fd, log.fd],
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...spec.env },
      });
      // Reap it when it exits while this console runs; after a console restart it is adopted by pid.
      child.on('error', () => undefined);
      child.unref();
      this.#state.pid = child.pid ?? null;
      this.#state.startedAt = Date.now();
      await this.#setState('Initialized');
      await this.events.add('Normal', 'Created', 'Created container minio');
    } finally {
      await log.close();
    }
  }

  async #terminate(): Promise<void> {
    const pid = this.#state.pid;
    if (pid === null) return;
    const { marker } = this.identity();
    signal(pid, 'SIGTERM');
    const until = Date.now() + STOP_GRACE_MS;
    while (Date.now() < until && (await processAlive(pid, marker))) await sleep(100);
    if (await processAlive(pid, marker)) signal(pid, 'SIGKILL');
    while (await processAlive(pid, marker)) await sleep(50);
    this.#state.pid = null;
  }

  async #setState(state: ProcessState, pid: number | null = this.#state.pid): Promise<void> {
    this.#state.state = state;
    this.#state.pid = pid;
    await writeJson(this.tools, this.stateFile, this.#state);
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone.
  }
}

/** The server prints `API: <url>` once it serves; look for it in what it logged since `offset`. */
async function serving(logFile: string, offset: number): Promise<boolean> {
  const fh = await open(logFile, 'r');
  try {
    const { size } = await fh.stat();
    if (size <= offset) return false;
    const buf = Buffer.alloc(Math.min(size - offset, 1024 * 1024));
    await fh.read(buf, 0, buf.length, offset);
    return /(^|\n)API: \S+/.test(buf.toString('utf8'));
  } finally {
    await fh.close();
  }
}
