// SPDX-License-Identifier: Apache-2.0
/**
 * Child process of the crash test: a store under concurrent small and large PUTs, overwrites and
 * deletes, until the parent kills it with SIGKILL. On stdout, a line before each operation starts
 * (`S key sha`) and one after it is acknowledged (`A key sha`); `sha` is the SHA-256 of the body, or
 * `-` for a delete. `R` once the store is open. Workers own disjoint keys, so each key has at most one
 * operation in flight.
 * argv: dataDir drives workers keysPerWorker
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import { isS3Error } from '../../core/errors.js';
import { openObjectLayer } from '../index.js';

const [dataDir, drives, workers, keysPerWorker] = process.argv.slice(2);
const layer = await openObjectLayer({ dataDir: dataDir as string, drives: Number(drives) });
try {
  await layer.makeBucket('crash');
} catch (err) {
  if (!isS3Error(err, 'BucketAlreadyOwnedByYou') && !isS3Error(err, 'BucketAlreadyExists')) throw err;
}
process.stdout.write('R\n');

async function work(w: number): Promise<void> {
  for (;;) {
    const key = `w${w}/k${randomInt(Number(keysPerWorker))}`;
    const roll = randomInt(100);
    if (roll < 25) {
      process.stdout.write(`S ${key} -\n`);
      await layer.deleteObject('crash', key);
      process.stdout.write(`A ${key} -\n`);
      continue;
    }
    // Mostly small (inline in the metadata), some large (shard files in a data folder).
    const size = roll < 85 ? randomInt(8 * 1024) : 200 * 1024 + randomInt(1024 * 1024);
    const body = randomBytes(size);
    const sha = createHash('sha256').update(body).digest('hex');
    process.stdout.write(`S ${key} ${sha}\n`);
    await layer.putObject('crash', key, Readable.from([body]), { size });
    process.stdout.write(`A ${key} ${sha}\n`);
  }
}

await Promise.all(Array.from({ length: Number(workers) }, (_, w) => work(w)));
