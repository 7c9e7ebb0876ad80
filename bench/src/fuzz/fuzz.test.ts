// SPDX-License-Identifier: Apache-2.0
import { expect, it } from 'vitest';
import { runFuzz } from './run-fuzz.js';

// The CI share of the fuzz run (`npm run bench fuzz` sends a million): generated requests against a
// real store, every answer a well-formed S3 success or error, nothing written outside the data folder.
it('answers 3,000 generated requests with well-formed S3 answers and writes nothing outside its data', async () => {
  // A fixed seed keeps CI's inputs the same from run to run (STOWAGE_FUZZ_SEED explores others); the
  // bench draws a new seed each time.
  const result = await runFuzz({
    runs: Number(process.env.STOWAGE_FUZZ_RUNS ?? 3000),
    seed: Number(process.env.STOWAGE_FUZZ_SEED ?? 20261125),
  });
  console.info(`fuzz: ${result.runs} requests, statuses ${JSON.stringify(result.statuses)}`);
  expect(result.failures).toEqual([]);
  // The inputs reach past authentication and parsing: successes and several kinds of errors.
  expect(Object.keys(result.statuses).length).toBeGreaterThan(4);
  expect(result.statuses['200'] ?? 0).toBeGreaterThan(0);
}, 600_000);
