// SPDX-License-Identifier: Apache-2.0
/**
 * Bench targets that are whole products rather than a child script of `targets/`: the default product as
 * `npm start` runs it, and Ceph RGW from the journeys' own single-node Ceph starter. Both are measured
 * with the same client as the other targets; their CPU is read from /proc of every process they run.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type EngineKind, statCpuSeconds, type Target } from './target.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
const CEPH_SCRIPTS = path.join(repo, 'e2e', 'support', 'engines', 'ceph');

/** The credentials each engine is started with. */
export const ENGINE_CREDS: Record<EngineKind, [string, string]> = {
  product: ['benchadmin', 'benchadmin-secret'],
  ceph: ['CEPHBENCHACCESSKEY01', 'ceph-bench-secret-key-00000000000000000001'],
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** A Target over a set of server processes: RSS and CPU are their sums. */
function overProcesses(
  kind: EngineKind,
  url: string,
  pids: number[],
  dataDir: string,
  stop: () => Promise<void>,
): Target {
  const cpu = async () =>
    (await Promise.all(pids.map((p) => statCpuSeconds(`/proc/${p}/stat`)))).reduce((a, b) => a + b, 0);
  return {
    kind,
    url,
    pid: pids[0]!,
    rss: async () => (await Promise.all(pids.map(rssOf))).reduce((a, b) => a + b, 0),
    cpuSeconds: cpu,
    mainCpuSeconds: async () => statCpuSeconds(`/proc/${pids[0]}/task/${pids[0]}/stat`),
    dataDir,
    async stop(keepData = false) {
      await stop();
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The default product, started as `npm start` starts it: `packages/console/dist/main.js` with its
 * defaults (console, embedded store on 4 drives, audit log search in SQLite fed by the store's audit
 * webhook, metrics, scanner) on free loopback ports. One process; the URL is the store's S3 endpoint.
 */
async function startProduct(): Promise<Target> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-product-'));
  const [user, password] = ENGINE_CREDS.product;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_TARGET_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      // BENCH_PRODUCT_ENTRY: another build's main.js (a copy of the tree from before a change).
      process.env.BENCH_PRODUCT_ENTRY ?? path.join(repo, 'packages', 'console', 'dist', 'main.js'),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        STOWAGE_DATA_DIR: dataDir,
        CONSOLE_PORT: String(await freePort()),
        STOWAGE_S3_PORT: String(await freePort()),
        CONSOLE_HOST: '127.0.0.1',
        MINIO_ROOT_USER: user,
        MINIO_ROOT_PASSWORD: password,
      },
    },
  );
  // main.ts prints its banner once the store, the console and the audit webhook are all in place.
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /Embedded store \(S3 API\): (\S+)/.exec(buf);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`npm start's main.js exited with ${code}:\n${buf}`)));
  });
  child.stdout!.resume();
  return overProcesses('product', url, [child.pid!], dataDir, async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    child.kill('SIGKILL');
  });
}

/**
 * The Ceph layout the bench runs (BENCH_CEPH_OSD):
 * - `ec` (the default): the store's redundancy. Four OSDs, each on BlueStore on its own sparse 8 GiB
 *   file in the target's folder (RocksDB and WAL on the same file, writes synced as to a disk), and
 *   RGW's data pool erasure-coded 2+2 with one chunk per OSD, as the store writes 2+2 over 4 drives;
 *   the metadata pools (bucket index and the rest) replicated 3 times, so they too survive 2 lost OSDs.
 * - `bluestore`: one OSD on BlueStore on a file, pools of size 1 (durable, no redundancy).
 * - `memstore`: one OSD keeping the data in memory, pools of size 1.
 */
export type CephLayout = 'ec' | 'bluestore' | 'memstore';

export function cephLayout(): CephLayout {
  const v = process.env.BENCH_CEPH_OSD;
  return v === 'bluestore' || v === 'memstore' ? v : 'ec';
}

/** One line naming the layout that runs, for the bench's output. */
export function cephLayoutLine(): string {
  switch (cephLayout()) {
    case 'memstore':
      return 'Ceph RGW: one memstore OSD, its data in memory, pools of size 1 (BENCH_CEPH_OSD=memstore)';
    case 'bluestore':
      return 'Ceph RGW: one OSD on BlueStore on a sparse 8 GiB file, synced as a disk, pools of size 1, no redundancy (BENCH_CEPH_OSD=bluestore)';
    default:
      return "Ceph RGW: the store's redundancy, 4 OSDs on BlueStore (a sparse 8 GiB file each), data pool erasure-coded 2+2 over the 4 OSDs, metadata pools replicated 3× (BENCH_CEPH_OSD=bluestore: one OSD, no redundancy; memstore: in memory)";
  }
}

/** How many OSDs each layout runs. */
const CEPH_OSDS: Record<CephLayout, number> = { ec: 4, bluestore: 1, memstore: 1 };

/**
 * Ceph RGW from e2e/support/engines/ceph/start-ceph.sh: monitor, manager, the OSDs of `cephLayout`
 * (the starter's CEPH_OSD_STORE, CEPH_OSDS, CEPH_DATA_EC), RADOS Gateway (beast). CPU is the sum of all
 * the daemons.
 */
async function startCeph(): Promise<Target> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-ceph-'));
  const [ak, sk] = ENGINE_CREDS.ceph;
  const layout = cephLayout();
  const env = {
    ...process.env,
    CEPH_DIR: dataDir,
    CEPH_MON_PORT: String(await freePort()),
    CEPH_RGW_PORT: String(await freePort()),
    CEPH_ACCESS_KEY: ak,
    CEPH_SECRET_KEY: sk,
    // Four BlueStore OSDs take ~40 s to be made and started on the 2 cores, more under load.
    CEPH_START_TIMEOUT: '240',
    CEPH_OSD_STORE: layout === 'memstore' ? 'memstore' : 'bluestore',
    CEPH_OSDS: String(CEPH_OSDS[layout]),
    ...(layout === 'ec' ? { CEPH_DATA_EC: '2+2' } : {}),
    // RGW frees an overwritten object's data only at its garbage collection (hours later), and the
    // bench writes its large object once per round: the starter's 1 GiB memstore device is raised to
    // 3 GiB; BlueStore's file is the starter's 8 GiB (sparse: it takes only what is written).
    ...(layout === 'memstore' ? { CEPH_ARGS: `--memstore_device_bytes=${3 * 1024 ** 3}` } : {}),
  };
  const stop = async () => {
    await run('bash', [path.join(CEPH_SCRIPTS, 'stop-ceph.sh')], { env, timeout: 60_000 });
  };
  try {
    const { stdout } = await run('bash', [path.join(CEPH_SCRIPTS, 'start-ceph.sh')], {
      env,
      timeout: 300_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const url = /^ready (\S+)$/m.exec(stdout)?.[1];
    if (!url) throw new Error(`start-ceph.sh did not say it is ready:\n${stdout}`);
    const pids = await Promise.all(
      [
        'client.rgw.s3',
        ...Array.from({ length: CEPH_OSDS[layout] }, (_, i) => `osd.${i}`),
        'mon.a',
        'mgr.x',
      ].map(async (name) =>
        Number((await readFile(path.join(dataDir, 'run', `${name}.pid`), 'utf8')).trim()),
      ),
    );
    return overProcesses('ceph', url, pids, dataDir, stop);
  } catch (err) {
    await stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}

export function startEngine(kind: EngineKind): Promise<Target> {
  return kind === 'product' ? startProduct() : startCeph();
}
