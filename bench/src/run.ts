// SPDX-License-Identifier: Apache-2.0
/**
 * `npm run bench`: runs every benchmark (or those named on the command line) and prints each one's
 * figures as ratios against a peer or a physical limit measured in the same run.
 */
import { runAuthz } from './authz.js';
import { runErasureCodec } from './erasure-codec.js';
import { runFuzzBench } from './fuzz.js';
import { runGroupCommit } from './group-commit.js';
import { runLoad } from './load.js';
import { runNotify } from './notify.js';
import { runObjectBrowser } from './object-browser.js';
import { runPools } from './pools.js';
import { runPutChecksum } from './put-checksum.js';
import { runS3Throughput } from './s3-throughput.js';
import { runScale } from './scale.js';
import { runScale1M } from './scale-1m.js';
import { runSmallWrites } from './small-writes.js';
import { runSpeedtest } from './speedtest.js';
import { runSseThroughput } from './sse-throughput.js';

const benches: Record<string, () => Promise<void>> = {
  's3-throughput': runS3Throughput,
  'sse-throughput': runSseThroughput,
  authz: runAuthz,
  'object-browser': runObjectBrowser,
  notify: runNotify,
  'erasure-codec': async () => {
    await runErasureCodec();
  },
  'group-commit': runGroupCommit,
  load: runLoad,
  fuzz: runFuzzBench,
  'put-checksum': runPutChecksum,
  'small-writes': runSmallWrites,
  scale: runScale,
  pools: runPools,
  speedtest: runSpeedtest,
  'scale-1m': runScale1M,
};
// Run only when named: it writes 1M objects.
const namedOnly = new Set(['scale-1m']);

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length > 0 ? !wanted.includes(name) : namedOnly.has(name)) continue;
  await run();
}
