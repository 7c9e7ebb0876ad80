// SPDX-License-Identifier: Apache-2.0
/**
 * `npm run bench fuzz`: a million generated requests (BENCH_FUZZ_RUNS) against the store, property-based
 * with fast-check (./fuzz/inputs.ts): request line and framing, SigV4, aws-chunked bodies, XML bodies and
 * object keys. Prints the answers' status counts and every problem found (none expected).
 */
import { runFuzz } from './fuzz/run-fuzz.js';

export async function runFuzzBench(): Promise<void> {
  const runs = Number(process.env.BENCH_FUZZ_RUNS ?? 1_000_000);
  console.log(`\n## Fuzzing the store's request handling (${runs.toLocaleString('en')} generated requests)`);
  const start = Date.now();
  const result = await runFuzz({
    runs,
    onProgress: (done) => {
      if (done % 50_000 === 0) process.stderr.write(`  … ${done.toLocaleString('en')} requests\n`);
    },
  });
  const secs = (Date.now() - start) / 1000;
  console.log(
    `requests: ${result.runs}, ${(result.runs / secs).toFixed(0)}/s; statuses: ${JSON.stringify(result.statuses)}`,
  );
  console.log(`problems: ${result.failures.length}`);
  for (const f of result.failures) console.log(`- ${f.problem}\n  request: ${f.request}`);
}
