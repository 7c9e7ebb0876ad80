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

const [dataDir, argDrives] = process.argv.slice(2);
// BENCH_STOWAGE_DRIVES overrides the drive count (per pool with BENCH_STOWAGE_POOLS).
const drives = process.env.BENCH_STOWAGE_DRIVES ?? argDrives;
// BENCH_STOWAGE_POOLS=n: n server pools of `drives` drive folders each (dataDir/p<i>/d<j>).
const poolCount = Number(process.env.BENCH_STOWAGE_POOLS ?? 0);
const pools =
  poolCount > 0
    ? Array.from({ length: poolCount }, (_, p) => ({
        drives: Array.from({ length: Number(drives ?? 4) }, (_, d) => ({
          path: `${dataDir}/p${p + 1}/d${d + 1}`,
        })),
      }))
    : undefined;
const store = await startStore({
  dataDir: dataDir!,
  drives: Number(drives ?? 4),
  ...(pools ? { pools } : {}),
  port: 0,
  host: '127.0.0.1',
  rootUser: 'benchadmin',
  rootPassword: 'benchadmin-secret',
});
process.stdout.write(`${JSON.stringify({ url: store.url })}\n`);
process.on('SIGTERM', () => void store.close().then(() => process.exit(0)));
