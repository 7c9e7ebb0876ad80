// SPDX-License-Identifier: Apache-2.0
import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DurableQueue, type DurableQueueOptions, QueueFullError } from './durable-queue.js';
import { frameRecord } from './segment-log.js';

let dir: string;
const open: DurableQueue[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-queue-'));
});
afterEach(async () => {
  for (const q of open.splice(0)) await q.close();
  await rm(dir, { recursive: true, force: true });
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

/** A receiver whose availability the test switches; it records every batch it accepted. */
function receiver() {
  const r = {
    up: true,
    batches: [] as string[][],
    get records(): string[] {
      return r.batches.flat();
    },
    send: async (records: Buffer[]): Promise<void> => {
      if (!r.up) throw new Error('connection refused');
      r.batches.push(records.map((b) => b.toString()));
    },
  };
  return r;
}

async function openQueue(opts: Partial<DurableQueueOptions> & Pick<DurableQueueOptions, 'send'>) {
  const q = await DurableQueue.open({
    dir,
    limit: 1000,
    batchSize: 1,
    retryMinMs: 5,
    retryMaxMs: 20,
    ...opts,
  });
  open.push(q);
  return q;
}

const names = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `r${from + i}`);

describe('DurableQueue', () => {
  it('delivers appended records in order, in batches of at most batch_size', async () => {
    const rx = receiver();
    const q = await openQueue({ send: rx.send, batchSize: 4 });
    await Promise.all(names(10).map((n) => q.append(Buffer.from(n))));
    await until(() => rx.records.length === 10);
    expect(rx.records).toEqual(names(10));
    expect(rx.batches.every((b) => b.length <= 4)).toBe(true);
    await until(() => q.pending === 0);
    expect(q.online).toBe(true);
  });

  it('keeps records while the target is down and delivers them, in order and once, when it is back', async () => {
    const rx = receiver();
    rx.up = false;
    const statuses: boolean[] = [];
    const q = await openQueue({ send: rx.send, batchSize: 3, onStatus: (online) => statuses.push(online) });
    for (const n of names(20)) await q.append(Buffer.from(n));
    await until(() => q.online === false);
    expect(q.pending).toBe(20);
    expect(q.lastError).toBe('connection refused');
    rx.up = true;
    await until(() => rx.records.length === 20);
    expect(rx.records).toEqual(names(20));
    expect(statuses).toEqual([false, true]);
  });

  it('with a linger, gathers records that trickle in into full batches', async () => {
    const rx = receiver();
    const q = await openQueue({ send: rx.send, batchSize: 10, lingerMs: 300 });
    // Ten appends spread out in time: without the linger each would go alone.
    for (const n of names(10)) {
      await q.append(Buffer.from(n));
      await new Promise((r) => setTimeout(r, 5));
    }
    await until(() => rx.records.length === 10);
    expect(rx.records).toEqual(names(10));
    expect(rx.batches.length).toBeLessThan(10);
  });

  it('delivers records larger together than what it keeps in memory, in order, from disk and memory', async () => {
    const rx = receiver();
    rx.up = false;
    const q = await openQueue({ send: rx.send, batchSize: 4 });
    // 12 MiB of records while the target is down: the oldest are let go from memory and read back.
    const big = (i: number) => Buffer.alloc(1024 * 1024, 97 + i);
    for (let i = 0; i < 12; i++) await q.append(big(i));
    rx.up = true;
    await until(() => rx.records.length === 12);
    expect(rx.records.map((r) => r.length)).toEqual(Array(12).fill(1024 * 1024));
    expect(rx.records.map((r) => r[0])).toEqual(
      Array.from({ length: 12 }, (_, i) => String.fromCharCode(97 + i)),
    );
  });

  it('with an append linger, close() still writes the records that wait, and they survive the restart', async () => {
    const rx = receiver();
    rx.up = false;
    const q1 = await openQueue({ send: rx.send, appendLingerMs: 200 });
    const appended = names(5).map((n) => q1.append(Buffer.from(n)));
    await q1.close();
    await Promise.all(appended);
    rx.up = true;
    await openQueue({ send: rx.send });
    await until(() => rx.records.length === 5);
    expect(rx.records).toEqual(names(5));
  });

  it('survives a restart: undelivered records are sent after reopening, delivered ones are not resent', async () => {
    const rx = receiver();
    const q1 = await openQueue({ send: rx.send });
    for (const n of names(5)) await q1.append(Buffer.from(n));
    await until(() => q1.pending === 0);
    rx.up = false;
    for (const n of names(5, 5)) await q1.append(Buffer.from(n));
    await q1.close();

    rx.up = true;
    const q2 = await openQueue({ send: rx.send });
    await until(() => rx.records.length === 10);
    expect(rx.records).toEqual(names(10));
    await until(() => q2.pending === 0);
    await q2.close();
    const q3 = await openQueue({ send: rx.send });
    await q3.append(Buffer.from('r10'));
    await until(() => rx.records.length === 11);
    expect(rx.records).toEqual(names(11));
  });

  it('loses nothing when the process dies between a send and its acknowledgement (that batch comes again)', async () => {
    const got: string[][] = [];
    let die: (err: Error) => void = () => undefined;
    // The first "process": the target takes the batch, but the acknowledgement is never written
    // because the process dies while the send is still returning.
    const q1: DurableQueue = await DurableQueue.open({
      dir,
      limit: 100,
      batchSize: 2,
      send: (records) => {
        got.push(records.map(String));
        return new Promise<void>((_, reject) => {
          die = reject;
        });
      },
    });
    for (const n of names(5)) await q1.append(Buffer.from(n));
    await until(() => got.length === 1);

    // The second process opens the same folder (the first one is never closed: it "died").
    const rx = receiver();
    await openQueue({ send: rx.send, batchSize: 2 });
    await until(() => rx.records.length === 5);
    expect(got.length).toBe(1);
    expect(got[0]![0]).toBe('r0');
    // The worst case: the in-flight batch is delivered twice (once before the crash, once after);
    // every record arrives, in order.
    expect(rx.records).toEqual(names(5));
    // Release the dead process's file handles: its send fails once it is closed, so it acknowledges nothing.
    const closing = q1.close();
    die(new Error('process gone'));
    await closing;
  });

  it('ignores a torn record at the end of the last segment and keeps appending after it', async () => {
    const rx = receiver();
    rx.up = false;
    const q1 = await openQueue({ send: rx.send });
    for (const n of names(3)) await q1.append(Buffer.from(n));
    await q1.close();
    const segment = (await readdir(dir)).find((n) => n.endsWith('.seg'))!;
    const whole = frameRecord(Buffer.from('never acknowledged'));
    await appendFile(path.join(dir, segment), whole.subarray(0, whole.length - 4));

    rx.up = true;
    const q2 = await openQueue({ send: rx.send });
    await q2.append(Buffer.from('r3'));
    await until(() => rx.records.length === 4);
    expect(rx.records).toEqual(names(4));
  });

  it('ignores a whole record whose checksum fails at the end of the last segment', async () => {
    const rx = receiver();
    rx.up = false;
    const q1 = await openQueue({ send: rx.send });
    for (const n of names(2)) await q1.append(Buffer.from(n));
    await q1.close();
    const segment = (await readdir(dir)).find((n) => n.endsWith('.seg'))!;
    const bad = frameRecord(Buffer.from('flipped bits'));
    bad.writeUInt8(bad.readUInt8(bad.length - 1) ^ 0xff, bad.length - 1);
    await appendFile(path.join(dir, segment), bad);

    rx.up = true;
    const q2 = await openQueue({ send: rx.send });
    await q2.append(Buffer.from('r2'));
    await until(() => rx.records.length === 3);
    expect(rx.records).toEqual(names(3));
  });

  it('refuses appends beyond its limit with QueueFullError, and takes them again once there is room', async () => {
    const rx = receiver();
    rx.up = false;
    const q = await openQueue({ send: rx.send, limit: 3 });
    for (const n of names(3)) await q.append(Buffer.from(n));
    await expect(q.append(Buffer.from('r3'))).rejects.toBeInstanceOf(QueueFullError);
    expect(q.pending).toBe(3);
    rx.up = true;
    await until(() => q.pending === 0);
    await q.append(Buffer.from('r3'));
    await until(() => rx.records.length === 4);
    expect(rx.records).toEqual(names(4));
  });

  it('rolls segments and deletes the ones wholly delivered', async () => {
    const rx = receiver();
    const q = await openQueue({ send: rx.send, batchSize: 5, segmentBytes: 64 });
    for (const n of names(40)) await q.append(Buffer.from(n));
    await until(() => rx.records.length === 40 && q.pending === 0);
    expect(rx.records).toEqual(names(40));
    const segments = (await readdir(dir)).filter((n) => n.endsWith('.seg'));
    expect(segments.length).toBe(1);
    expect((await readFile(path.join(dir, 'ack'), 'utf8')).trim()).toBe('40');
  });

  it('reports a target online after a successful probe while nothing waits', async () => {
    let reachable = false;
    const q = await openQueue({
      send: async () => undefined,
      probe: async () => {
        if (!reachable) throw new Error('connection refused');
      },
    });
    await until(() => q.online === false);
    reachable = true;
    await until(() => q.online === true);
  });
});
