// SPDX-License-Identifier: Apache-2.0
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { JobRecord } from './job-record.js';

/**
 * The jobs' journal (issue 35): one JSON file per job in the console's data folder, replaced atomically
 * (written to a temporary file, fsync'd, renamed over the old one), so a crash leaves the previous or the
 * new state of a job, never half of one. Without a folder (tests of other routes) jobs live in memory.
 */
export class JobJournal {
  constructor(private readonly dir: string | undefined) {}

  async loadAll(): Promise<JobRecord[]> {
    if (this.dir === undefined) return [];
    await mkdir(this.dir, { recursive: true });
    const out: JobRecord[] = [];
    for (const name of await readdir(this.dir)) {
      if (!name.endsWith('.json')) continue;
      try {
        out.push(JSON.parse(await readFile(path.join(this.dir, name), 'utf8')) as JobRecord);
      } catch {
        // A file that does not parse was never renamed into place by us: leave it for inspection.
      }
    }
    return out.sort((a, b) => a.created.localeCompare(b.created));
  }

  async save(record: JobRecord): Promise<void> {
    if (this.dir === undefined) return;
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${record.id}.json`);
    const tmp = `${file}.${process.pid}.tmp`;
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(JSON.stringify(record));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  }

  async remove(id: string): Promise<void> {
    if (this.dir === undefined) return;
    await rm(path.join(this.dir, `${id}.json`), { force: true });
  }
}
