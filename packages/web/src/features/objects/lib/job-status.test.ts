// SPDX-License-Identifier: Apache-2.0
import type { Job } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { jobStatusLine, shownJobs } from './job-status';

const job = (over: Partial<Job>): Job => ({
  id: 'j',
  kind: 'move',
  state: 'running',
  title: 't',
  source_bucket: 'a',
  items: 1,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  progress: { objects: 0, bytes: 0, skipped: 0, failed: 0 },
  failures: [],
  ...over,
});

describe('job status', () => {
  it('says the state, what was done, the bytes, skips and failures', () => {
    const line = jobStatusLine(
      job({ state: 'completed', progress: { objects: 1000, bytes: 2048, skipped: 2, failed: 1 } }),
      (n) => `${n} B`,
    );
    expect(line).toBe('Done · 1,000 objects moved · 2048 B · 2 skipped · 1 failed');
    expect(
      jobStatusLine(
        job({ kind: 'delete', progress: { objects: 1, bytes: 0, skipped: 0, failed: 0 } }),
        String,
      ),
    ).toBe('Running · 1 object deleted');
  });

  it('shows active jobs and those finished within the hour', () => {
    const now = Date.parse('2026-01-01T02:00:00.000Z');
    const jobs = [
      job({ id: 'old-done', state: 'completed', updated: '2026-01-01T00:30:00.000Z' }),
      job({ id: 'old-paused', state: 'paused', updated: '2026-01-01T00:30:00.000Z' }),
      job({ id: 'recent', state: 'canceled', updated: '2026-01-01T01:30:00.000Z' }),
    ];
    expect(shownJobs(jobs, now).map((j) => j.id)).toEqual(['old-paused', 'recent']);
  });
});
