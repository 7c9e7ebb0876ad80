// SPDX-License-Identifier: Apache-2.0
import type { Job } from '@stowage/contracts';

const stateWords: Record<Job['state'], string> = {
  running: 'Running',
  paused: 'Paused',
  completed: 'Done',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** "Running · 1,204 objects · 3.2 MiB · 2 skipped · 1 failed" (deletes count objects only). */
export function jobStatusLine(job: Job, formatBytes: (n: number) => string): string {
  const p = job.progress;
  const verb = job.kind === 'delete' ? 'deleted' : job.kind === 'copy' ? 'copied' : 'moved';
  const parts = [
    stateWords[job.state],
    `${p.objects.toLocaleString('en-US')} ${p.objects === 1 ? 'object' : 'objects'} ${verb}`,
  ];
  if (job.kind !== 'delete') parts.push(formatBytes(p.bytes));
  if (p.skipped > 0) parts.push(`${p.skipped.toLocaleString('en-US')} skipped`);
  if (p.failed > 0) parts.push(`${p.failed.toLocaleString('en-US')} failed`);
  return parts.join(' · ');
}

/** Jobs finished longer ago than this leave the panel (the API still lists them). */
const FINISHED_SHOWN_MS = 60 * 60 * 1000;

/** Jobs the panel shows: running and paused ones, and those finished within the last hour; at most 20. */
export function shownJobs(jobs: readonly Job[], now: number): Job[] {
  return jobs
    .filter(
      (j) => j.state === 'running' || j.state === 'paused' || now - Date.parse(j.updated) < FINISHED_SHOWN_MS,
    )
    .slice(0, 20);
}
