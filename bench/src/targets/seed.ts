// SPDX-License-Identifier: Apache-2.0
// Child process: fills keys `obj/<from>` … `obj/<to - 1>` of a bucket in a store's data folder (4 drives,
// not running) in process, through the object layer of the build under test: BENCH_STOWAGE_ENTRY names
// another build's entry module as for ./stowage.ts, and its object layer sits next to it. Objects are 16
// bytes and fsync is off: this is set-up for the scale benchmark's 1M level, not a measured write.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { openObjectLayer as OpenObjectLayer } from '@stowage/store/object-layer';
import { fillInProcess } from '../support/fill.js';

const entry = process.env.BENCH_STOWAGE_ENTRY;
const { openObjectLayer } = (
  entry
    ? await import(pathToFileURL(path.join(path.dirname(entry), 'object-layer', 'index.js')).href)
    : await import('@stowage/store/object-layer')
) as { openObjectLayer: typeof OpenObjectLayer };

const [dataDir, bucket, from, to] = process.argv.slice(2);
const layer = await openObjectLayer({ dataDir: dataDir!, drives: 4, fsync: false, healthIntervalMs: 0 });
try {
  await fillInProcess(layer, bucket!, Number(from), Number(to), Buffer.alloc(16, 0x61), 'seed');
} finally {
  await layer.close();
}
