// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { isS3Error } from '../core/errors.js';
import { RequestAdmission } from './admission.js';

describe('RequestAdmission (api requests_max / requests_deadline)', () => {
  it('admits up to max at once, queues the rest first come first served', async () => {
    const a = new RequestAdmission();
    a.configure({ max: 2, deadlineMs: 60_000 });
    const r1 = await a.acquire();
    const r2 = await a.acquire();
    const order: number[] = [];
    const p3 = a.acquire().then((r) => {
      order.push(3);
      return r;
    });
    const p4 = a.acquire().then((r) => {
      order.push(4);
      return r;
    });
    expect(a.active).toBe(2);
    expect(a.waiting).toBe(2);
    r1();
    r1(); // a second call frees nothing more
    const r3 = await p3;
    expect(a.active).toBe(2);
    expect(a.waiting).toBe(1);
    r2();
    const r4 = await p4;
    expect(order).toEqual([3, 4]);
    r3();
    r4();
    expect(a.active).toBe(0);
  });

  it('answers SlowDown (503) to a request still waiting at the deadline', async () => {
    const a = new RequestAdmission();
    a.configure({ max: 1, deadlineMs: 5 });
    const r1 = await a.acquire();
    const err = await a.acquire().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isS3Error(err, 'SlowDown')).toBe(true);
    expect((err as { status: number }).status).toBe(503);
    expect(a.waiting).toBe(0);
    r1();
    expect(a.active).toBe(0);
  });

  it('raising the limit or setting 0 (unlimited) admits the waiting requests', async () => {
    const a = new RequestAdmission();
    a.configure({ max: 1, deadlineMs: 60_000 });
    await a.acquire();
    const waiting = [a.acquire(), a.acquire(), a.acquire()];
    a.configure({ max: 2, deadlineMs: 60_000 });
    await waiting[0];
    expect(a.waiting).toBe(2);
    a.configure({ max: 0, deadlineMs: 60_000 });
    await Promise.all(waiting);
    expect(a.active).toBe(4);
    expect(a.waiting).toBe(0);
  });

  it('drops a waiter whose client went away', async () => {
    const a = new RequestAdmission();
    a.configure({ max: 1, deadlineMs: 60_000 });
    await a.acquire();
    const gone = new AbortController();
    const p = a.acquire(gone.signal);
    gone.abort();
    await expect(p).rejects.toThrow();
    expect(a.waiting).toBe(0);
  });
});
