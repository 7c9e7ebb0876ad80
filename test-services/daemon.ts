// SPDX-License-Identifier: Apache-2.0
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A TCP port free on loopback right now: the kernel picks it, the probe socket lets it go. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('the probe socket has no port'));
      });
    });
  });
}

/** Fails with the Debian package to install when a daemon's binary is missing. */
export function requireBinary(file: string, debianPackage: string): string {
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: install Debian's ${debianPackage} (scripts/system-deps.sh)`);
  }
  return file;
}

/** The uid/gid a daemon runs as: `nobody` when the tests run as root (PostgreSQL and others refuse root). */
export interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

export function unprivileged(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('nobody:'));
  if (!line) throw new Error('running as root, and /etc/passwd has no "nobody" user to run daemons as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Creates a service's scratch directory, owned by the daemon's user. The controller's scratch root is
 * private to root (mkdtemp), so an unprivileged daemon also needs the right to traverse it.
 */
export function makeScratch(dir: string, runAs: RunAs | undefined): void {
  mkdirSync(dir, { recursive: true });
  if (!runAs) return;
  chmodSync(path.dirname(dir), 0o711);
  chownSync(dir, runAs.uid, runAs.gid);
}

/** A daemon in the foreground, its output kept for the error message if it dies or never gets ready. */
export interface Daemon {
  readonly child: ChildProcess;
  output(): string;
  /** Waits until `ready()` resolves true; fails with the daemon's output when it exits first or times out. */
  waitReady(ready: () => Promise<boolean>, timeoutMs?: number): Promise<void>;
  /** Sends `signal` and waits for the exit (SIGKILL after 15 s). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function startDaemon(
  command: string,
  args: readonly string[],
  options: { runAs?: RunAs; env?: NodeJS.ProcessEnv; cwd?: string },
): Daemon {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.runAs ?? {}),
  });
  let log = '';
  const keep = (chunk: Buffer): void => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const name = path.basename(command);
  return {
    child,
    output: () => log,
    async waitReady(ready, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(
            `${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log}`,
          );
        }
        if (await ready().catch(() => false)) return;
        await sleep(100);
      }
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${log}`);
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a command to completion (as `runAs` when given); rejects with its output on a non-zero exit. */
export function run(
  command: string,
  args: readonly string[],
  options: { runAs?: RunAs; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.runAs ?? {}),
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${code}):\n${out}`)),
    );
  });
}

/** True once something accepts TCP connections on 127.0.0.1:port. */
export function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
