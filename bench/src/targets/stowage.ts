// SPDX-License-Identifier: Apache-2.0
// Child process: the embedded store on temp drives, as `npm start` runs it (4 drives, erasure coded).
// BENCH_STOWAGE_ENTRY (optional) names another build of the store's entry module (e.g. a saved copy of
// packages/store/dist/index.js from before a change) so two builds can be measured side by side.
import { pathToFileURL } from 'node:url';
import type { startStore as StartStore } from '@stowage/store';

const entry = process.env.BENCH_STOWAGE_ENTRY;
const { startStore } = (entry ? await import(pathToFileURL(entry).href) : await import('@stowage/store')) as {
  startStore: typeof StartStore;
};

const [dataDir, drives] = process.argv.slice(2);
const store = await startStore({
  dataDir: dataDir!,
  drives: Number(drives ?? 4),
  port: 0,
  host: '127.0.0.1',
  rootUser: 'benchadmin',
  rootPassword: 'benchadmin-secret',
});
process.stdout.write(`${JSON.stringify({ url: store.url })}\n`);
process.on('SIGTERM', () => void store.close().then(() => process.exit(0)));
