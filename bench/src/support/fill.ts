// SPDX-License-Identifier: Apache-2.0
/**
 * Filling a bucket in process, through the object layer of a build of the store, as set-up for the scale
 * benchmarks: a bucket of a million keys takes minutes this way and hours through S3 on this machine.
 * The fill is not what is measured; its rate is printed for the record.
 */
import { Readable } from 'node:stream';
import type { openObjectLayer } from '@stowage/store/object-layer';

export type Layer = Awaited<ReturnType<typeof openObjectLayer>>;

/** Key i of the scale benchmarks' flat prefix `obj/` (7 digits: one million keys sort as numbers). */
export const objKey = (i: number): string => `obj/${String(i).padStart(7, '0')}`;

/** PUT `objKey(from)` … `objKey(to - 1)` into `bucket` with `body`, 64 at a time. */
export async function fillInProcess(
  layer: Layer,
  bucket: string,
  from: number,
  to: number,
  body: Buffer,
  label = 'fill',
): Promise<void> {
  let next = from;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < to) {
        const i = next++;
        await layer.putObject(bucket, objKey(i), Readable.from([body]), { size: body.length });
        if (i % 100_000 === 0) process.stderr.write(`${label}: ${i} keys written\n`);
      }
    }),
  );
  const secs = (performance.now() - start) / 1000;
  console.log(
    `${label}: ${to - from} PUTs in ${secs.toFixed(0)} s (${((to - from) / secs).toFixed(0)} PUT/s)`,
  );
}
