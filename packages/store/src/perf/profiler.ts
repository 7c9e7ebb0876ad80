// SPDX-License-Identifier: Apache-2.0
import { Session } from 'node:inspector/promises';

/**
 * The profilers of MinIO's `profile` admin calls, made with Node's inspector: `cpu` is V8's CPU profile
 * (a `.cpuprofile`, the format Chrome DevTools' Performance panel and `--cpu-prof` write), `mem` V8's
 * sampling heap profile of the allocations over the time (a `.heapprofile`, DevTools' Memory panel), and
 * `heap` a heap snapshot taken when profiling stops (a `.heapsnapshot`). MinIO's other types (Go's
 * `block`, `mutex`, `trace`, `threads`, `goroutines`, `cpuio`) have no counterpart in Node and are
 * refused as MinIO refuses a profiler it cannot start.
 */
export const profilerFiles = {
  cpu: 'cpu.cpuprofile',
  mem: 'mem.heapprofile',
  heap: 'heap.heapsnapshot',
} as const;
export type ProfilerType = keyof typeof profilerFiles;

export function isProfilerType(t: string): t is ProfilerType {
  return Object.hasOwn(profilerFiles, t);
}

/** One finished profile: its file name (e.g. `cpu.cpuprofile`) and its JSON. */
export interface ProfileRecord {
  name: string;
  data: Buffer;
}

interface Running {
  /** Ends the profiler and answers its record. */
  stop(): Promise<ProfileRecord>;
  /** Ends the profiler, its data dropped. */
  discard(): Promise<void>;
}

/** Profiles left running longer than this stop by themselves; their records wait for the download. */
const MAX_RUNNING_MS = 60 * 60 * 1000;

async function connected(): Promise<Session> {
  const session = new Session();
  session.connect();
  return session;
}

async function startCpu(): Promise<Running> {
  const session = await connected();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      try {
        const { profile } = await session.post('Profiler.stop');
        return { name: profilerFiles.cpu, data: Buffer.from(JSON.stringify(profile)) };
      } finally {
        session.disconnect();
      }
    },
    async discard() {
      await session.post('Profiler.stop').catch(() => undefined);
      session.disconnect();
    },
  };
}

async function startMem(): Promise<Running> {
  const session = await connected();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 32 * 1024 });
  return {
    async stop() {
      try {
        const { profile } = await session.post('HeapProfiler.stopSampling');
        return { name: profilerFiles.mem, data: Buffer.from(JSON.stringify(profile)) };
      } finally {
        session.disconnect();
      }
    },
    async discard() {
      await session.post('HeapProfiler.stopSampling').catch(() => undefined);
      session.disconnect();
    },
  };
}

/** The heap snapshot is taken at the end: starting it only checks that the inspector answers. */
async function startHeap(): Promise<Running> {
  const session = await connected();
  await session.post('HeapProfiler.enable');
  return {
    async stop() {
      const chunks: string[] = [];
      const onChunk = (m: { params: { chunk: string } }): void => void chunks.push(m.params.chunk);
      session.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
      try {
        await session.post('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
        return { name: profilerFiles.heap, data: Buffer.from(chunks.join('')) };
      } finally {
        session.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
        session.disconnect();
      }
    },
    async discard() {
      session.disconnect();
    },
  };
}

const starters: Record<ProfilerType, () => Promise<Running>> = {
  cpu: startCpu,
  mem: startMem,
  heap: startHeap,
};

/** What starting one profiler came to (madmin's StartProfilingResult without the node). */
export interface StartOutcome {
  type: string;
  error?: string;
}

/**
 * The process's profilers (one process, one set, as MinIO keeps one per server): `start` ends whatever
 * runs and starts the types asked for; `collect` ends them and hands over their records, once. A set
 * left running stops itself after an hour and keeps its records for the next `collect`.
 */
export class ProcessProfiler {
  #running = new Map<ProfilerType, Running>();
  #finished: ProfileRecord[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** Start, stop and collect one at a time: an inspector session's answers are awaited in order. */
  #queue: Promise<unknown> = Promise.resolve();

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  get running(): ProfilerType[] {
    return [...this.#running.keys()];
  }

  start(types: readonly string[]): Promise<StartOutcome[]> {
    return this.#serial(async () => {
      await this.#discardAll();
      const outcomes: StartOutcome[] = [];
      for (const type of new Set(types)) {
        if (!isProfilerType(type)) {
          outcomes.push({ type, error: `unsupported profiler type '${type}'` });
          continue;
        }
        try {
          this.#running.set(type, await starters[type]());
          outcomes.push({ type });
        } catch (err) {
          outcomes.push({ type, error: err instanceof Error ? err.message : String(err) });
        }
      }
      if (this.#running.size > 0) {
        this.#timer = setTimeout(() => void this.#serial(() => this.#finish()), MAX_RUNNING_MS);
        this.#timer.unref();
      }
      return outcomes;
    });
  }

  /** Ends the running profilers and answers every record not yet collected (empty: nothing ran). */
  collect(): Promise<ProfileRecord[]> {
    return this.#serial(async () => {
      await this.#finish();
      const records = this.#finished;
      this.#finished = [];
      return records;
    });
  }

  /** Ends the running profilers, their data dropped (the caller went away). */
  discard(): Promise<void> {
    return this.#serial(() => this.#discardAll());
  }

  async #finish(): Promise<void> {
    clearTimeout(this.#timer);
    const running = [...this.#running.entries()];
    this.#running.clear();
    for (const [type, r] of running) {
      try {
        this.#finished.push(await r.stop());
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.#finished.push({ name: `${type}-error.txt`, data: Buffer.from(message) });
      }
    }
  }

  async #discardAll(): Promise<void> {
    clearTimeout(this.#timer);
    const running = [...this.#running.values()];
    this.#running.clear();
    this.#finished = [];
    await Promise.all(running.map((r) => r.discard()));
  }
}

/** The one profiler set of this process. */
export const processProfiler = new ProcessProfiler();
