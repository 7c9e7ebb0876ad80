// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { type BatchResult, batchMessage, UploadQueue, type UploadSender } from './upload-queue';

interface FakeTransfer {
  name: string;
  prefix: string;
  progress: (loaded: number, total: number) => void;
  resolve: () => void;
  reject: (err: Error) => void;
  aborted: boolean;
}

function fakeSender(): { send: UploadSender; started: FakeTransfer[] } {
  const started: FakeTransfer[] = [];
  const send: UploadSender = (item, onProgress) => {
    let resolve!: () => void;
    let reject!: (err: Error) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const t: FakeTransfer = {
      name: item.file.name,
      prefix: item.prefix,
      progress: onProgress,
      resolve,
      reject,
      aborted: false,
    };
    started.push(t);
    return {
      promise,
      abort: () => {
        t.aborted = true;
        reject(new Error('Upload cancelled.'));
      },
    };
  };
  return { send, started };
}

const files = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ file: new File(['x'.repeat(100)], `f${i}.bin`), prefix: 'p/' }));
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('upload queue (issue 7 upload manager)', () => {
  it('uploads at most three files at once and starts the next when one ends', async () => {
    const { send, started } = fakeSender();
    const q = new UploadQueue(send, 3);
    q.add('b', files(5));
    expect(started.map((s) => s.name)).toEqual(['f0.bin', 'f1.bin', 'f2.bin']);
    expect(q.getItems().map((i) => i.status)).toEqual([
      'uploading',
      'uploading',
      'uploading',
      'queued',
      'queued',
    ]);
    started[1]?.resolve();
    await flush();
    expect(started.map((s) => s.name)).toEqual(['f0.bin', 'f1.bin', 'f2.bin', 'f3.bin']);
    expect(q.getItems()[1]?.status).toBe('done');
  });

  it('reports progress and a smoothed speed from the clock', () => {
    const { send, started } = fakeSender();
    let clock = 0;
    const q = new UploadQueue(send, 3, () => clock);
    q.add('b', [{ file: new File(['x'.repeat(4000)], 'a'), prefix: '' }]);
    clock = 1000;
    started[0]?.progress(1000, 4000);
    expect(q.getItems()[0]).toMatchObject({ loaded: 1000, total: 4000, speed: 1000 });
    clock = 1100;
    started[0]?.progress(1500, 4000);
    expect(q.getItems()[0]?.speed).toBe(1000);
    clock = 2000;
    started[0]?.progress(4000, 4000);
    expect(q.getItems()[0]?.speed).toBeCloseTo(0.3 * 3000 + 0.7 * 1000);
  });

  it('cancels queued and running uploads, and retries failed or cancelled ones', async () => {
    const { send, started } = fakeSender();
    const q = new UploadQueue(send, 1);
    const batches: BatchResult[] = [];
    q.onBatchDone((r) => batches.push(r));
    q.add('b', files(3));
    const [first, second, third] = q.getItems();
    q.cancel(second?.id ?? 0);
    q.cancel(first?.id ?? 0);
    expect(started[0]?.aborted).toBe(true);
    await flush();
    expect(q.getItems().map((i) => i.status)).toEqual(['cancelled', 'cancelled', 'uploading']);
    started[1]?.reject(new Error('Error 500'));
    await flush();
    expect(q.getItems()[2]).toMatchObject({ status: 'failed', error: 'Error 500' });
    expect(batches).toEqual([{ succeeded: 0, failed: 1, buckets: [] }]);
    expect(batchMessage(batches[0] as BatchResult).text).toBe(
      'An error occurred while uploading the file(s).',
    );

    q.retry(third?.id ?? 0);
    q.retry(first?.id ?? 0);
    expect(started.map((s) => s.name)).toEqual(['f0.bin', 'f2.bin', 'f2.bin']);
    started[2]?.resolve();
    await flush();
    started[3]?.resolve();
    await flush();
    expect(q.getItems().map((i) => i.status)).toEqual(['done', 'cancelled', 'done']);
    expect(batches[1]).toEqual({ succeeded: 2, failed: 0, buckets: ['b'] });
    expect(batchMessage(batches[1] as BatchResult)).toEqual({
      error: false,
      text: 'Object(s) uploaded successfully.',
    });

    q.clearFinished();
    expect(q.getItems()).toEqual([]);
  });
});
