// SPDX-License-Identifier: Apache-2.0
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Fails with a message naming the Debian package when a system tool the conformance tests drive is
 * missing (`scripts/system-deps.sh` installs them for `npm test`).
 */
export function requireTool(path: string, debianPackage: string): void {
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing: install the Debian package "${debianPackage}" (apt-get install -y ${debianPackage}, or run scripts/system-deps.sh)`,
    );
  }
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command without a shell; never rejects, so tests can assert on failures too. */
export function run(
  cmd: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      {
        env: opts.env,
        cwd: opts.cwd,
        timeout: opts.timeoutMs ?? 120_000,
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'utf8',
      },
      (err, stdout, stderr) => {
        const code = err
          ? typeof (err as { code?: unknown }).code === 'number'
            ? (err as { code: number }).code
            : 1
          : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Environment without the pyenv shims and AWS settings of the host that would redirect the CLIs. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('AWS_') || k === 'PYTHONPATH' || k.startsWith('PYENV')) continue;
    env[k] = v;
  }
  env.PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
  return { ...env, ...extra };
}
