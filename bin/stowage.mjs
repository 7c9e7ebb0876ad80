#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// The `stowage` command of the installed package. It checks the Node version before it imports anything
// else (the code below needs Node 24: node:sqlite, current Fastify), then hands over to the console's CLI
// (packages/console/src/cli.ts).
const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);
if (!(major >= REQUIRED_MAJOR)) {
  process.stderr.write(
    `stowage needs Node.js ${REQUIRED_MAJOR} or newer; this is Node.js ${process.versions.node} (${process.execPath}).\n` +
      'Install Node.js 24 (https://nodejs.org/en/download) and run stowage again.\n',
  );
  process.exit(1);
}
const { runStowage } = await import('@stowage/console/cli');
await runStowage(process.argv.slice(2));
