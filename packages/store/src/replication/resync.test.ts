// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResyncTracker } from './resync.js';

// The resync status `?replication-reset-status` answers: progress per target, and kept across a restart.

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-resync-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const record = (key: string, size: number, resetId = 'reset-1') => ({
  bucket: 'src',
  arn: 'arn:t1',
  key,
  size,
  resetId,
});

describe('resync status', () => {
  it('is Ongoing until every queued version left the queue, counts once per version, and outlives a restart', async () => {
    const t = new ResyncTracker(dir);
    await t.load();
    expect(t.status('src')).toEqual([]);
    t.begin('src', 'arn:t1', 'reset-1');
    await t.queued('src', 'arn:t1', 3);
    t.finished(record('a', 10), true);
    t.failed(record('b', 20));
    // A record of an earlier resync (another reset id) does not count.
    t.finished(record('old', 99, 'reset-0'), true);
    expect(t.status('src', 'arn:t1')[0]).toMatchObject({
      arn: 'arn:t1',
      resetid: 'reset-1',
      resyncStatus: 'Ongoing',
      replicationCount: 1,
      completedReplicationSize: 10,
      failedReplicationCount: 1,
      failedReplicationSize: 20,
      object: 'a',
    });
    t.finished(record('b', 20), true);
    t.finished(record('c', 0), false); // gone meanwhile: finished, not replicated
    const [done] = t.status('src');
    expect(done).toMatchObject({
      resyncStatus: 'Completed',
      replicationCount: 2,
      completedReplicationSize: 30,
    });
    expect(Date.parse(done?.endTime ?? '')).toBeGreaterThanOrEqual(Date.parse(done?.startTime ?? ''));
    await t.save();

    const again = new ResyncTracker(dir);
    await again.load();
    expect(again.status('src')).toEqual(t.status('src'));
    expect(again.status('src', 'arn:other')).toEqual([]);
    expect(again.status('other')).toEqual([]);
  });

  it('of a resync with nothing to send is Completed at once', async () => {
    const t = new ResyncTracker(dir);
    t.begin('empty', 'arn:t2', 'reset-2');
    await t.queued('empty', 'arn:t2', 0);
    expect(t.status('empty')[0]?.resyncStatus).toBe('Completed');
  });
});
