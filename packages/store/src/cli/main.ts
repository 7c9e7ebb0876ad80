#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
import { STOWAGE_VERSION } from '../version.js';
/**
 * The `stowage` command (bin of @stowage/store): `stowage server …` runs the store on its own
 * (./server-command.ts). A bad argument or setup exits 1 with one line; SIGTERM/SIGINT close the store
 * (requests in flight finish) and exit 0.
 */
import { CliError } from './cli-error.js';
import { SERVER_USAGE, startServerCommand } from './server-command.js';

const USAGE = `Usage: stowage <command> [options]

Commands:
  server DRIVES...   run the object store (S3, STS, admin API); stowage server --help for more

Options:
  -h, --help         this help
  -v, --version      the version`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 1 : 0;
  }
  if (command === '-v' || command === '--version' || command === 'version') {
    process.stdout.write(`stowage version ${STOWAGE_VERSION}\n`);
    return 0;
  }
  if (command !== 'server') throw new CliError(`unknown command "${command}" (try stowage --help)`);
  const run = await startServerCommand(rest, process.env);
  if (run === 'help') {
    process.stdout.write(`${SERVER_USAGE}\n`);
    return 0;
  }
  process.stdout.write(`${run.banner.join('\n')}\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string): void => {
      process.stdout.write(`${signal} received, stopping…\n`);
      run.handle.close().then(resolve, (err: unknown) => {
        process.stderr.write(`Error while stopping: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exit(1);
      });
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof CliError) process.stderr.write(`Error: ${err.message}\n`);
    else process.stderr.write(`Error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
