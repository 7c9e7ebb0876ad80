// SPDX-License-Identifier: Apache-2.0
/**
 * Child process of the listing memory test, run with a young generation of fixed size (at its maximum
 * from the start) and `--expose-gc`: seeds a bucket, lists a first page with the next scavenge due
 * while that page is filled (the moment V8 judges whether a page entry's allocation site should be
 * pretenured), then walks the bucket again and prints the bytes promoted out of the young generation
 * per listed key: `P <bytes per key> <scavenges>`. The walk is a plain listing (`summaries`) or the
 * usage scanner's (`usage`).
 * argv: dataDir keys passes summaries|usage
 */
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import { openObjectLayer } from '../index.js';

const [dataDir, keysArg, passesArg, walk] = process.argv.slice(2);
const list = (opts: { prefix: string; maxKeys: number; after?: string }) =>
  walk === 'usage' ? layer.listObjectUsage('mem', opts) : layer.listObjectSummaries('mem', opts);
const keys = Number(keysArg);
const layer = await openObjectLayer({
  dataDir: dataDir as string,
  drives: 4,
  fsync: false,
  healthIntervalMs: 0,
});
await layer.makeBucket('mem');
const body = Buffer.alloc(16, 0x61);
let next = 0;
await Promise.all(
  Array.from({ length: 32 }, async () => {
    while (next < keys) {
      const i = next++;
      await layer.putObject('mem', `obj/${String(i).padStart(7, '0')}`, Readable.from([body]), { size: 16 });
    }
  }),
);

const gc = (globalThis as { gc?: (o: { type: string }) => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const youngFree = (): number =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_available_size ?? 0;
// Leave ~384 KiB of room in the young generation: the next scavenge falls a few hundred keys into the
// first page (a page of 1000 keys allocates over 1 MB), all its entries so far alive.
gc({ type: 'minor' });
let filler = 0;
while (youngFree() > 384 * 1024) filler += new Array(64).fill(filler).length;
const first = await list({ prefix: 'obj/', maxKeys: 1000 });

const prof = new v8.GCProfiler();
prof.start();
let listed = first.objects.length;
for (let p = 0; p < Number(passesArg); p++) {
  let after: string | undefined;
  for (;;) {
    const page = await list({
      prefix: 'obj/',
      maxKeys: 1000,
      ...(after !== undefined ? { after } : {}),
    });
    listed += page.objects.length;
    if (!page.isTruncated || page.nextAfter === null) break;
    after = page.nextAfter;
  }
}
const stats = prof.stop().statistics.filter((s) => s.gcType === 'Scavenge');
// GCProfiler names the spaces' fields in camelCase (the typings give getHeapSpaceStatistics' names).
const oldSpace = (spaces: unknown): number =>
  (spaces as { spaceName: string; spaceUsedSize: number }[]).find((s) => s.spaceName === 'old_space')
    ?.spaceUsedSize ?? 0;
let promoted = 0;
for (const s of stats)
  promoted += oldSpace(s.afterGC.heapSpaceStatistics) - oldSpace(s.beforeGC.heapSpaceStatistics);
process.stdout.write(`P ${(promoted / listed).toFixed(1)} ${stats.length} ${filler}\n`);
await layer.close();
