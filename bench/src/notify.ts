// SPDX-License-Identifier: Apache-2.0
/**
 * Issue 20's notification benchmark: what a subscribed webhook target costs a 4 KiB PUT. Two stores
 * (child processes, 4 drives each) take the same uploads; one has a `notify_webhook` target (default
 * queue, no `queue_dir`) subscribed to `s3:ObjectCreated:*` on the bucket, POSTing every event to a
 * real HTTP receiver in this process. Short rounds alternate between the two so load drift hits both
 * alike. Reported: PUT throughput with the target / without (median of paired rounds; goal ≥ 0.8) and
 * how many events the receiver got.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BenchClient } from './support/client.js';
import { startTarget, type Target } from './support/target.js';

const OPS_PER_ROUND = Number(process.env.BENCH_NOTIFY_OPS ?? 400);
const ROUNDS = Number(process.env.BENCH_NOTIFY_ROUNDS ?? 8);
const CONCURRENCY = 16;
const BUCKET = 'notify';
const ROOT: [string, string] = ['benchadmin', 'benchadmin-secret'];
const BODY = Buffer.alloc(4096, 7);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

async function putOps(client: BenchClient, round: number): Promise<number> {
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < OPS_PER_ROUND) {
        const i = next++;
        const r = await client.request('PUT', `/${BUCKET}/r${round}/obj-${i}`, BODY, BODY.length);
        if (r.status !== 200)
          throw new Error(`PUT answered ${r.status}: ${r.body?.toString().slice(0, 200)}`);
      }
    }),
  );
  return OPS_PER_ROUND / (Number(process.hrtime.bigint() - start) / 1e9);
}

async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await run();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

export async function runNotify(): Promise<void> {
  let received = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST') received++;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
  const plain: Target = await startTarget('stowage');
  const notifying: Target = await withEnv(
    { MINIO_NOTIFY_WEBHOOK_ENABLE_bench: 'on', MINIO_NOTIFY_WEBHOOK_ENDPOINT_bench: endpoint },
    () => startTarget('stowage'),
  );
  try {
    const clients = [plain, notifying].map((t) => new BenchClient(t.url, ...ROOT));
    for (const c of clients) {
      const r = await c.request('PUT', `/${BUCKET}`);
      if (r.status !== 200) throw new Error(`CreateBucket answered ${r.status}`);
    }
    const config = Buffer.from(
      '<NotificationConfiguration><QueueConfiguration><Id>bench</Id><Queue>arn:minio:sqs:us-east-1:bench:webhook</Queue><Event>s3:ObjectCreated:*</Event></QueueConfiguration></NotificationConfiguration>',
    );
    const sub = await clients[1]!.request('PUT', `/${BUCKET}?notification`, config, config.length);
    if (sub.status !== 200)
      throw new Error(`PutBucketNotification answered ${sub.status}: ${sub.body?.toString()}`);
    await putOps(clients[0]!, -1);
    await putOps(clients[1]!, -1);
    const ratios: number[] = [];
    const rates: [number[], number[]] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const r: number[] = [0, 0];
      for (const i of order) r[i] = await putOps(clients[i]!, round);
      rates[0].push(r[0]!);
      rates[1].push(r[1]!);
      ratios.push(r[1]! / r[0]!);
    }
    const expected = OPS_PER_ROUND * (ROUNDS + 1);
    for (let i = 0; i < 200 && received < expected; i++) await new Promise((res) => setTimeout(res, 50));
    console.log('\n== notify: 4 KiB PUT with a subscribed webhook target vs without ==');
    console.log(
      `  without target: ${median(rates[0]).toFixed(0)} PUT/s (median of ${ROUNDS} rounds of ${OPS_PER_ROUND})`,
    );
    console.log(`  with webhook:   ${median(rates[1]).toFixed(0)} PUT/s`);
    console.log(`  ratio with/without: ${median(ratios).toFixed(2)}× (goal ≥ 0.8)`);
    console.log(`  events received by the webhook: ${received} of ${expected}`);
  } finally {
    await plain.stop();
    await notifying.stop();
    receiver.close();
  }
}
