// SPDX-License-Identifier: Apache-2.0
import { randomBytes, randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConfigService } from '../config/registry.js';
import type { StorageInfo } from '../object-layer/types.js';

/**
 * The health report of admin `healthinfo` (madmin-go health.go, version 3): system facts gathered
 * from Node's `os` and the drives (free space, inodes, a short write/read probe), the configuration
 * with its secrets redacted, and server info. Each part is gathered in turn and reported as soon as it
 * is there, so a client sees the report grow; a part that fails carries its error instead.
 */

/** madmin health data types this store gathers (the others are left out of the report). */
export type HealthPart = 'minioinfo' | 'minioconfig' | 'syscpu' | 'sysdrivehw' | 'sysosinfo' | 'sysmem';

export const HEALTH_PARTS: readonly HealthPart[] = [
  'minioinfo',
  'minioconfig',
  'syscpu',
  'sysdrivehw',
  'sysosinfo',
  'sysmem',
];

/** What is put in place of a credential. */
export const REDACTED = '*redacted*';
/** Keys redacted even where the registry does not flag them (a credential by its name). */
const SECRET_NAME = /password|secret|token|credential|private/i;
/** Bytes written, synced and read back on each drive. */
const PROBE_BYTES = 1024 * 1024;

export interface HealthSources {
  /** `host:port` of the server (every report part's `addr`). */
  addr: string;
  config: ConfigService;
  storageInfo: () => Promise<StorageInfo>;
  serverInfo: () => Promise<unknown>;
  /** Folder of a drive where the probe may write a scratch file. */
  scratchDir: (drivePath: string) => string;
}

/** The configuration in effect, every set and target, credentials redacted. */
export function redactedConfig(config: ConfigService): Record<string, Record<string, string>[]> {
  const out: Record<string, Record<string, string>[]> = {};
  for (const set of config.sets) {
    const secret = new Set(set.keys.filter((k) => k.sensitive || SECRET_NAME.test(k.key)).map((k) => k.key));
    out[set.subSys] = config.targets(set.subSys).map((t) => {
      const values: Record<string, string> = { target: t.target || '_' };
      for (const [k, v] of Object.entries(t.values)) values[k] = secret.has(k) && v !== '' ? REDACTED : v;
      return values;
    });
  }
  return out;
}

/** A drive's free space and inodes, and how long a 1 MiB synced write and its read back took. */
async function probeDrive(drivePath: string, scratch: string): Promise<Record<string, unknown>> {
  const entry: Record<string, unknown> = { device: drivePath, mountpoint: drivePath };
  try {
    const st = await fsp.statfs(drivePath);
    Object.assign(entry, {
      fs_type: `0x${st.type.toString(16)}`,
      space_total: st.blocks * st.bsize,
      space_free: st.bavail * st.bsize,
      inode_total: st.files,
      inode_free: st.ffree,
    });
    await fsp.mkdir(scratch, { recursive: true });
    const file = path.join(scratch, `${randomUUID()}.healthinfo`);
    const data = randomBytes(PROBE_BYTES);
    try {
      const t0 = process.hrtime.bigint();
      const fh = await fsp.open(file, 'w');
      try {
        await fh.writeFile(data);
        await fh.datasync();
      } finally {
        await fh.close();
      }
      const t1 = process.hrtime.bigint();
      const back = await fsp.readFile(file);
      const t2 = process.hrtime.bigint();
      if (!back.equals(data)) throw new Error('the probe read back different bytes than it wrote');
      entry.probe = {
        bytes: PROBE_BYTES,
        write_ms: Number(t1 - t0) / 1e6,
        read_ms: Number(t2 - t1) / 1e6,
      };
    } finally {
      await fsp.rm(file, { force: true });
    }
  } catch (err) {
    entry.error = err instanceof Error ? err.message : String(err);
  }
  return entry;
}

/** Gathers one part into the report (`report` is changed in place). */
async function gather(part: HealthPart, src: HealthSources, report: HealthReport): Promise<void> {
  const addr = src.addr;
  const fail = (err: unknown): string => (err instanceof Error ? err.message : String(err));
  switch (part) {
    case 'minioinfo':
      try {
        report.minio.info = await src.serverInfo();
      } catch (err) {
        report.minio.error = fail(err);
      }
      return;
    case 'minioconfig':
      report.minio.config = { config: redactedConfig(src.config) };
      return;
    case 'syscpu': {
      const cpus = os.cpus();
      report.sys.cpus = [
        {
          addr,
          cpus: cpus.map((c, i) => ({
            vendor_id: '',
            family: '',
            model: c.model,
            stepping: 0,
            physical_id: String(i),
            model_name: c.model,
            mhz: c.speed,
            cache_size: 0,
            flags: [],
            microcode: '',
            cores: 1,
          })),
        },
      ];
      return;
    }
    case 'sysmem':
      report.sys.meminfo = [{ addr, total: os.totalmem(), available: os.freemem(), limit: os.totalmem() }];
      return;
    case 'sysosinfo':
      report.sys.osinfo = [
        {
          addr,
          info: {
            hostname: os.hostname(),
            uptime: Math.floor(os.uptime()),
            os: os.platform(),
            platform: os.type(),
            platformVersion: os.release(),
            kernelVersion: os.release(),
            kernelArch: os.arch(),
          },
        },
      ];
      return;
    case 'sysdrivehw': {
      try {
        const info = await src.storageInfo();
        const partitions = [];
        // One drive at a time: the probes measure the drives, not each other's contention.
        for (const d of info.drives) partitions.push(await probeDrive(d.path, src.scratchDir(d.path)));
        report.sys.partitions = [{ addr, partitions }];
      } catch (err) {
        report.sys.partitions = [{ addr, error: fail(err) }];
      }
      return;
    }
  }
}

export interface HealthReport {
  version: '3';
  timestamp: string;
  sys: Record<string, unknown>;
  minio: { info?: unknown; config?: unknown; error?: string };
  error?: string;
}

/**
 * The report as it grows: one snapshot after each part, the last one complete. Stops early (its last
 * snapshot carrying `error`) when `deadline` passes or `signal` aborts.
 */
export async function* healthReport(
  src: HealthSources,
  parts: readonly HealthPart[],
  deadline: number,
  signal: AbortSignal,
): AsyncGenerator<HealthReport> {
  const report: HealthReport = { version: '3', timestamp: new Date().toISOString(), sys: {}, minio: {} };
  for (const part of parts) {
    if (signal.aborted) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()));
    });
    try {
      if ((await Promise.race([gather(part, src, report), late])) === 'late') {
        report.error = `the deadline passed while gathering ${part}`;
        yield report;
        return;
      }
    } finally {
      clearTimeout(timer);
    }
    yield report;
  }
}
