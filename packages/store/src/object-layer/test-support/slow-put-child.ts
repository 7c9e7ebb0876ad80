// SPDX-License-Identifier: Apache-2.0
/**
 * Child process for the kill -9 test: writes an acknowledged object, then PUTs a large object slowly
 * (announcing progress on stdout) so the parent can SIGKILL it in the middle of the write.
 * argv: dataDir drives
 */
import { Readable } from 'node:stream';
import { openObjectLayer } from '../index.js';

const [dataDir, drives] = process.argv.slice(2);
const layer = await openObjectLayer({ dataDir: dataDir as string, drives: Number(drives) });
const acked = Buffer.alloc(300 * 1024, 7);
await layer.putObject('crash', 'acked', Readable.from([acked]), { size: acked.length });
process.stdout.write('acked\n');

const chunk = Buffer.alloc(256 * 1024, 9);
/** A body that gives 3 MiB quickly, then trickles (the parent kills us meanwhile). */
function slowBody(announce: boolean): Readable {
  let sent = 0;
  return new Readable({
    read() {
      sent++;
      if (announce && sent === 12) process.stdout.write('midway\n');
      setTimeout(() => this.push(chunk), sent < 12 ? 0 : 50);
    },
  });
}
// Overwrite of an existing key and creation of a new one, both interrupted.
void layer.putObject('crash', 'big', slowBody(true), { size: 64 * 1024 * 1024 });
void layer.putObject('crash', 'fresh', slowBody(false), { size: 64 * 1024 * 1024 });
