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
 * The Ceph OSD's object store the bench runs: `bluestore` (the default: BlueStore on a sparse 8 GiB file
 * in the target's folder, its RocksDB and WAL on the same file, so RGW's writes are durable as the
 * store's are) or `memstore` (BENCH_CEPH_OSD=memstore: the data in memory, for comparison).
 */
export function cephOsdStore(): 'bluestore' | 'memstore' {
  return process.env.BENCH_CEPH_OSD === 'memstore' ? 'memstore' : 'bluestore';
}

/**
 * Ceph RGW from e2e/support/engines/ceph/start-ceph.sh: monitor, manager, one OSD (BlueStore on a file
 * by default, see `cephOsdStore`; the starter's CEPH_OSD_STORE), RADOS Gateway (beast). CPU is the sum
 * of all four daemons.
 */
async function startCeph(): Promise<Target> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-ceph-'));
  const [ak, sk] = ENGINE_CREDS.ceph;
  const store = cephOsdStore();
  const env = {
    ...process.env,
    CEPH_DIR: dataDir,
    CEPH_MON_PORT: String(await freePort()),
    CEPH_RGW_PORT: String(await freePort()),
    CEPH_ACCESS_KEY: ak,
    CEPH_SECRET_KEY: sk,
    CEPH_START_TIMEOUT: '120',
    CEPH_OSD_STORE: store,
    // RGW frees an overwritten object's data only at its garbage collection (hours later), and the
    // bench writes its large object once per round: the starter's 1 GiB memstore device is raised to
    // 3 GiB; BlueStore's file is the starter's 8 GiB (sparse: it takes only what is written).
    ...(store === 'memstore' ? { CEPH_ARGS: `--memstore_device_bytes=${3 * 1024 ** 3}` } : {}),
  };
  const stop = async () => {
    await run('bash', [path.join(CEPH_SCRIPTS, 'stop-ceph.sh')], { env, timeout: 60_000 });
  };
  try {
    const { stdout } = await run('bash', [path.join(CEPH_SCRIPTS, 'start-ceph.sh')], {
      env,
      timeout: 180_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const url = /^ready (\S+)$/m.exec(stdout)?.[1];
    if (!url) throw new Error(`start-ceph.sh did not say it is ready:\n${stdout}`);
    const pids = await Promise.all(
      ['client.rgw.s3', 'osd.0', 'mon.a', 'mgr.x'].map(async (name) =>
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
