// SPDX-License-Identifier: Apache-2.0
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built command (`node scripts/build.mjs` first): tests run it as an operator would. */
export const CLI_MAIN = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../dist/cli/main.js',
);

/**
 * The environment of a child server: the test's own, without root credentials unless given, and a HOME
 * without `.minio/certs` (the default certs folder), so only a test's own --certs-dir turns TLS on.
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: '/nonexistent-stowage-test-home', ...extra };
  if (!('MINIO_ROOT_USER' in extra)) delete env.MINIO_ROOT_USER;
  if (!('MINIO_ROOT_PASSWORD' in extra)) delete env.MINIO_ROOT_PASSWORD;
  return env;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  rootUser: string;
  /** Printed only when generated. */
  rootPassword: string | null;
  /** Everything the server printed on stdout so far. */
  output(): string;
  /** SIGTERM and the exit code. */
  stop(): Promise<number | null>;
}

/** Exit code and output of a command expected to end by itself. */
export function runToExit(
  args: string[],
  env: NodeJS.ProcessEnv = childEnv(),
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_MAIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Starts `stowage server ARGS` and resolves once it printed `API: <url>` and its health check answers
 * (TLS: `fetchInit` carries the CA). Rejects with the server's output when it exits first.
 */
export function startServerProcess(
  args: string[],
  env: NodeJS.ProcessEnv = childEnv(),
  healthy: (url: string) => Promise<boolean> = async (url) => (await fetch(`${url}/minio/health/live`)).ok,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [CLI_MAIN, 'server', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise<ServerProcess>((resolve, reject) => {
    const onExit = (code: number | null): void =>
      reject(new Error(`stowage server exited (${code}) before serving:\n${stdout}${stderr}`));
    child.once('exit', onExit);
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      const url = /^API: (\S+)$/m.exec(stdout)?.[1];
      const user = /^RootUser: (\S+)$/m.exec(stdout)?.[1];
      if (!url || !user || !stdout.includes('Drives:')) return;
      child.stdout.removeAllListeners('data');
      child.stdout.on('data', (more: Buffer) => {
        stdout += more.toString();
      });
      void healthy(url).then(
        (ok) => {
          if (!ok) return reject(new Error(`health check of ${url} failed`));
          child.off('exit', onExit);
          resolve({
            child,
            url,
            rootUser: user,
            rootPassword: /^RootPass: (\S+)$/m.exec(stdout)?.[1] ?? null,
            output: () => stdout,
            stop: () => {
              if (child.exitCode === null) child.kill('SIGTERM');
              return exited;
            },
          });
        },
        (err: unknown) => reject(err),
      );
    });
  });
}
