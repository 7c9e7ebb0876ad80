// SPDX-License-Identifier: Apache-2.0
import type { CreateJobSpec, Job, JobFailure, JobProgress, JobState } from '@stowage/contracts';

/**
 * What the journal keeps of a job (issue 35): the public view, the request it came from, where it is in
 * its walk, and the credentials of the session that started it, sealed with the console's session key
 * (the cookie's own AES-GCM sealing), so the journal on disk never holds them in clear.
 */
export interface JobRecord {
  id: string;
  /** The session's account name: only it sees and steers the job. */
  account: string;
  spec: CreateJobSpec;
  title: string;
  state: JobState;
  created: string;
  updated: string;
  progress: JobProgress;
  /**
   * The walk's position: the selected entry being handled, and the last key of it handled without gaps
   * (every key up to and including it is done, skipped or failed). A restart lists again after it.
   */
  cursor: { item: number; after?: string };
  failures: JobFailure[];
  pausedReason?: string;
  error?: string;
  /** `sealSession` of the starting session's payload. */
  sealedCredentials: string;
}

export function publicJob(r: JobRecord): Job {
  const spec = r.spec;
  const transfer = spec.kind !== 'delete';
  return {
    id: r.id,
    kind: spec.kind,
    state: r.state,
    title: r.title,
    source_bucket: transfer ? spec.source_bucket : spec.bucket,
    ...(transfer ? { target_bucket: spec.target_bucket, conflict: spec.conflict } : {}),
    items: transfer ? spec.items.length : spec.paths.length,
    created: r.created,
    updated: r.updated,
    progress: { ...r.progress },
    ...(r.pausedReason === undefined ? {} : { paused_reason: r.pausedReason }),
    ...(r.error === undefined ? {} : { error: r.error }),
    failures: [...r.failures],
  };
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

function folderOf(path: string): string {
  const cut = path.replace(/\/$/, '').lastIndexOf('/');
  return cut < 0 ? '' : path.slice(0, cut + 1);
}

/** "Move 3 items from photos/ to archive:2024/", "Rename a/old/ to a/new/", "Delete 2 items in photos". */
export function jobTitle(spec: CreateJobSpec): string {
  if (spec.kind === 'delete') {
    const first = spec.paths[0] ?? '';
    return spec.paths.length === 1
      ? `Delete ${spec.bucket}/${first}`
      : `Delete ${plural(spec.paths.length, 'item')} in ${spec.bucket}`;
  }
  const first = spec.items[0];
  if (
    spec.kind === 'move' &&
    spec.items.length === 1 &&
    first !== undefined &&
    spec.source_bucket === spec.target_bucket &&
    folderOf(first.source) === folderOf(first.target)
  ) {
    return `Rename ${spec.source_bucket}/${first.source} to ${first.target}`;
  }
  const verb = spec.kind === 'copy' ? 'Copy' : 'Move';
  const what =
    spec.items.length === 1 && first !== undefined ? first.source : plural(spec.items.length, 'item');
  const to = first === undefined ? '' : folderOf(first.target);
  return `${verb} ${what} from ${spec.source_bucket} to ${spec.target_bucket}/${to}`;
}
