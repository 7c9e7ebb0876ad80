// SPDX-License-Identifier: Apache-2.0
import { fileURLToPath } from 'node:url';
import { cleanEnv, requireTool, run } from './system-tools.js';

/**
 * Runs one of the boto3 scripts (`scripts/<name>.py`) with Debian's python3-boto3 and returns the
 * JSON report it prints (what boto3 observed; the tests assert on it). Fails with the script's
 * stderr when it exits non-zero. `env`: e.g. AWS_CA_BUNDLE for a server with TLS.
 */
export async function boto3Report(
  name: string,
  args: string[],
  env: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: the script's JSON report
): Promise<any> {
  requireTool('/usr/lib/python3/dist-packages/boto3', 'python3-boto3');
  const script = fileURLToPath(new URL(`./scripts/${name}.py`, import.meta.url));
  const r = await run('/usr/bin/python3', [script, ...args], {
    env: cleanEnv({ HOME: '/nonexistent', AWS_EC2_METADATA_DISABLED: 'true', ...env }),
  });
  if (r.code !== 0) throw new Error(`boto3 script ${name} failed (${r.code}): ${r.stderr}`);
  return JSON.parse(r.stdout);
}
