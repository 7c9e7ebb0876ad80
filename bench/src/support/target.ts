// SPDX-License-Identifier: Apache-2.0
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type TargetKind = 'stowage' | 's3rver' | 'raw';
/** Servers started by other means than a child script of `targets/` (see ./engines.ts). */
export type EngineKind = 'product' | 'ceph';

/** A server under test, in its own process so its memory can be read and it competes for CPU fairly. */
export interface Target {
  kind: TargetKind | EngineKind;
  url: string;
  pid: number;
  /** Resident set size of the server process now, in bytes. */
  rss(): Promise<number>;
  /** CPU seconds the server process (all its threads) has used so far, user and system. */
  cpuSeconds(): Promise<number>;
  /** CPU seconds the server's main thread alone has used so far (its JavaScript, where the store's work queues). */
  mainCpuSeconds(): Promise<number>;
  /** The server's data folder. */
  dataDir: string;
  /** Stop the server and remove its data folder, unless `keepData` (to start it again on the same data). */
  stop(keepData?: boolean): Promise<void>;
}

/** USER_HZ of /proc/<pid>/stat: 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** utime + stime of a /proc `stat` file (fields 14 and 15, after the parenthesised name), in seconds. */
export async function statCpuSeconds(file: string): Promise<number> {
  // The process may already be gone when a last sample fires.
  const stat = await readFile(file, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS_PER_SECOND;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * `env` adds to the server's environment (e.g. BENCH_STOWAGE_ENTRY for another build of the store);
 * `existing` starts it on an existing data folder (one a stopped target kept) instead of a new one.
 */
export async function startTarget(
  kind: TargetKind,
  env: Record<string, string> = {},
  existing?: string,
): Promise<Target> {
  const dataDir = existing ?? (await mkdtemp(path.join(os.tmpdir(), `bench-${kind}-`)));
  const child: ChildProcess = spawn(
    process.execPath,
    // BENCH_TARGET_NODE_ARGS passes flags to the server's Node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
    // to profile it); NODE_OPTIONS refuses such flags.
    [
      ...(process.env.BENCH_TARGET_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      path.join(here, '..', 'targets', `${kind}.js`),
      dataDir,
      '4',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n')[0];
      if (buf.includes('\n') && line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`${kind} exited with ${code} before listening`)));
  });
  return {
    kind,
    url,
    pid: child.pid!,
    async rss() {
      // The process may already be gone when a last sample fires: it then uses no memory.
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb * 1024;
    },
    cpuSeconds: () => statCpuSeconds(`/proc/${child.pid}/stat`),
    // The main thread's task id is the process id.
    mainCpuSeconds: () => statCpuSeconds(`/proc/${child.pid}/task/${child.pid}/stat`),
    dataDir,
    async stop(keepData = false) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      child.kill('SIGKILL');
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
