// SPDX-License-Identifier: Apache-2.0
/**
 * Issue 16's bounded load test: autocannon against the store on 127.0.0.1 (LOAD_SECONDS, 60 by default;
 * 256 connections), a mix of 4 KiB PUTs, GETs of objects written before and ListObjectsV2 pages, every
 * request signed with SigV4. Prints the answers by status (only 2xx and 503 SlowDown are acceptable), the
 * latency percentiles, and the store's RSS before, at its peak and after, and its peak in each quarter of
 * the run (whether it levels off).
 */
import { signRequest, UNSIGNED_PAYLOAD } from '@stowage/madmin';
import autocannon from 'autocannon';
import { BenchClient } from './support/client.js';
import { startTarget } from './support/target.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = 256;
const SEEDED = 1000;
const USER = 'benchadmin';
const SECRET = 'benchadmin-secret';
const MiB = 1024 * 1024;

export async function runLoad(): Promise<void> {
  console.log(`\n## Load test (${SECONDS} s, ${CONNECTIONS} connections, mixed 4 KiB PUT / GET / LIST)`);
  const target = await startTarget('stowage');
  try {
    const client = new BenchClient(target.url, USER, SECRET);
    await client.request('PUT', '/load');
    const body = Buffer.alloc(4096, 3);
    for (let i = 0; i < SEEDED; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) => client.request('PUT', `/load/seed/${i + j}`, body)),
      );
    }
    client.close();
    const rssBefore = await target.rss();
    let peak = rssBefore;
    // The peak of each quarter of the run: a store whose memory is bounded levels off, one holding
    // something per request keeps climbing from quarter to quarter.
    const quarters = [0, 0, 0, 0];
    const started = Date.now();
    const sampler = setInterval(() => {
      void target.rss().then((r) => {
        peak = Math.max(peak, r);
        const q = Math.min(3, Math.floor(((Date.now() - started) / 1000 / SECONDS) * 4));
        quarters[q] = Math.max(quarters[q] as number, r);
      });
    }, 250);
    let n = 0;
    const signed = (method: 'GET' | 'PUT', path: string): autocannon.Request => {
      const url = new URL(path, target.url);
      const headers = signRequest({
        method,
        url,
        payloadHash: UNSIGNED_PAYLOAD,
        accessKey: USER,
        secretKey: SECRET,
        region: 'us-east-1',
        service: 's3',
      });
      return {
        method,
        path,
        // autocannon writes Content-Length itself from the body.
        headers,
      };
    };
    const result = await autocannon({
      url: target.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (req) => {
            const i = n++;
            const kind = i % 10;
            if (kind < 4) return { ...req, ...signed('PUT', `/load/new/${i}`), body };
            if (kind < 9) return { ...req, ...signed('GET', `/load/seed/${i % SEEDED}`), body: undefined };
            return {
              ...req,
              ...signed('GET', '/load?list-type=2&prefix=seed/&max-keys=100'),
              body: undefined,
            };
          },
        },
      ],
    });
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 2000));
    const rssAfter = await target.rss();
    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]),
    );
    const bad = Object.entries(statuses).filter(([code]) => !code.startsWith('2') && code !== '503');
    console.log(
      `requests: ${result.requests.total} (${result.requests.average.toFixed(0)}/s); by status: ${JSON.stringify(statuses)}`,
    );
    console.log(`connection errors: ${result.errors}, timeouts: ${result.timeouts}`);
    console.log(
      `latency ms: p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, max ${result.latency.max}`,
    );
    console.log(
      `store RSS: ${(rssBefore / MiB).toFixed(0)} MiB before, peak ${(peak / MiB).toFixed(0)} MiB, ${(rssAfter / MiB).toFixed(0)} MiB after`,
    );
    const [, second = 0, , fourth = 0] = quarters;
    console.log(
      `store RSS peak per quarter of the run: ${quarters.map((q) => (q / MiB).toFixed(0)).join(', ')} MiB — ` +
        (fourth <= second * 1.1 + 16 * MiB
          ? 'levels off (memory bounded)'
          : 'STILL CLIMBING in the last quarter (memory not shown bounded)'),
    );
    console.log(
      bad.length === 0 && result.errors === 0
        ? 'result: no errors other than SlowDown'
        : `result: UNEXPECTED answers ${JSON.stringify(bad)}, ${result.errors} connection errors`,
    );
  } finally {
    await target.stop();
  }
}
