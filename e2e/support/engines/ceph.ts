// SPDX-License-Identifier: Apache-2.0
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.js';

const run = promisify(execFile);
const scripts = path.join(import.meta.dirname, 'ceph');
/** The daemons start-ceph.sh runs, from Debian's ceph-mon ceph-osd ceph-mgr radosgw uuid-runtime. */
const BINARIES = ['ceph-mon', 'ceph-osd', 'ceph-mgr', 'radosgw', 'radosgw-admin', 'uuidgen'];
/** start-ceph.sh's own deadline (seconds); the call below allows a little more for it to report and stop. */
const START_TIMEOUT_S = 90;

/** A single-node Ceph cluster with RADOS Gateway on loopback, and the one S3 user it was made with. */
export interface CephEngine {
  /** RGW's S3 endpoint, `http://127.0.0.1:<port>`. */
  url: string;
  accessKey: string;
  secretKey: string;
  /** Stops every daemon (also those of a half-finished start) and removes the cluster's folder. */
  stop(): Promise<void>;
}

function missingBinaries(): string[] {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).concat(['/usr/bin', '/usr/sbin']);
  return BINARIES.filter((bin) => !dirs.some((dir) => existsSync(path.join(dir, bin))));
}

/**
 * Starts Ceph (monitor, manager, in-memory OSD, RGW) on free ports in a fresh temp folder: about 15 s.
 * A failed or timed-out start throws with the daemons' last log lines, after stopping what had started.
 * If this process exits without calling `stop()` (a crashed worker), the daemons are stopped on exit.
 * `adminCaps` (RGW caps such as `users=*;buckets=*`) also lets the user call RGW's Admin Ops API.
 */
export async function startCeph(options: { adminCaps?: string } = {}): Promise<CephEngine> {
  const missing = missingBinaries();
  if (missing.length > 0) {
    throw new Error(
      `Ceph is not installed (missing ${missing.join(', ')}): run scripts/system-deps.sh as root, or ` +
        'apt-get install -y ceph-mon ceph-osd ceph-mgr radosgw uuid-runtime',
    );
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-ceph-'));
  const env = {
    ...process.env,
    CEPH_DIR: dir,
    CEPH_MON_PORT: String(await freePort()),
    CEPH_RGW_PORT: String(await freePort()),
    CEPH_ACCESS_KEY: 'CEPHE2EACCESSKEY0001',
    CEPH_SECRET_KEY: 'ceph-e2e-secret-key-0000000000000000000001',
    CEPH_START_TIMEOUT: String(START_TIMEOUT_S),
    CEPH_ADMIN_CAPS: options.adminCaps ?? '',
  };
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    spawnSync('bash', [path.join(scripts, 'stop-ceph.sh')], { env, stdio: 'ignore' });
  };
  process.once('exit', stopNow);
  const stop = async () => {
    process.off('exit', stopNow);
    if (!stopped) {
      stopped = true;
      await run('bash', [path.join(scripts, 'stop-ceph.sh')], { env, timeout: 30_000 });
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    const { stdout } = await run('bash', [path.join(scripts, 'start-ceph.sh')], {
      env,
      timeout: (START_TIMEOUT_S + 30) * 1000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const url = /^ready (\S+)$/m.exec(stdout)?.[1];
    if (!url) throw new Error(`start-ceph.sh ended without saying it is ready:\n${stdout}`);
    return { url, accessKey: env.CEPH_ACCESS_KEY, secretKey: env.CEPH_SECRET_KEY, stop };
  } catch (err) {
    await stop();
    const e = err as Error & { stderr?: string; stdout?: string };
    throw new Error(`Ceph did not start: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}
