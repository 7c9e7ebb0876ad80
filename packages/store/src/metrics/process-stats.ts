// SPDX-License-Identifier: Apache-2.0
import { readdir, readFile, statfs } from 'node:fs/promises';

/** The process' own figures MinIO reports as `minio_node_process_*`, `_file_descriptor_*`, `_syscall_*`, `_io_*`. */
export interface ProcessStats {
  cpuSeconds: number;
  residentBytes: number;
  virtualBytes: number;
  openFds: number | null;
  fdLimit: number | null;
  /** /proc/self/io: rchar, wchar, syscr, syscw, read_bytes, write_bytes (null off Linux). */
  io: Record<string, number> | null;
}

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

/** `key: value` lines of /proc/self/io. */
export function parseProcIo(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /^(\w+):\s*(\d+)/.exec(line);
    if (m) out[m[1]!] = Number(m[2]);
  }
  return out;
}

/** The soft "Max open files" limit of /proc/self/limits (null when unlimited or absent). */
export function parseFdLimit(text: string): number | null {
  const m = /^Max open files\s+(\d+)/m.exec(text);
  return m ? Number(m[1]) : null;
}

async function openFds(): Promise<number | null> {
  try {
    return (await readdir('/proc/self/fd')).length;
  } catch {
    return null;
  }
}

/** Reads the process' CPU, memory, descriptors and I/O counters now. */
export async function readProcessStats(): Promise<ProcessStats> {
  const usage = process.resourceUsage();
  const [io, limits, fds, status] = await Promise.all([
    readText('/proc/self/io'),
    readText('/proc/self/limits'),
    openFds(),
    readText('/proc/self/status'),
  ]);
  const vmKb = status ? /^VmSize:\s+(\d+)\s+kB/m.exec(status)?.[1] : undefined;
  return {
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
    residentBytes: process.memoryUsage.rss(),
    virtualBytes: vmKb ? Number(vmKb) * 1024 : 0,
    openFds: fds,
    fdLimit: limits ? parseFdLimit(limits) : null,
    io: io ? parseProcIo(io) : null,
  };
}

/** Inodes of the file system holding `path` (null when it cannot be read). */
export async function inodes(path: string): Promise<{ total: number; free: number } | null> {
  try {
    const s = await statfs(path);
    return { total: s.files, free: s.ffree };
  } catch {
    return null;
  }
}
