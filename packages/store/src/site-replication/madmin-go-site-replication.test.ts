// SPDX-License-Identifier: Apache-2.0
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The Go build helper of the madmin package (checks for go + Debian's madmin-go/minio-go sources and
// fails with the apt command to run when they are missing).
import { buildGoProgram, type GoProgram } from '../../../madmin/src/testing/go-program.js';
import { ROOT, SECRET, type Site, startSite, stopSites } from '../replication/testing/two-stores.js';

// madmin-go's site replication calls (SiteReplicationAdd, SiteReplicationInfo, SRStatusInfo,
// SiteReplicationEdit, SiteReplicationRemove) against three embedded stores:
// conformance/go/src/madmin-site-replication joins them, waits for a user made at one site to be
// reported at all three, edits a site and removes it.

let sites: Site[] = [];
let program: GoProgram;

beforeAll(async () => {
  program = await buildGoProgram('madmin-site-replication');
  sites = await Promise.all([startSite(), startSite(), startSite()]);
}, 300_000);

afterAll(async () => {
  await stopSites(...sites);
  await program?.dispose();
});

describe('madmin-go site replication calls', () => {
  it('add, info, status, edit and remove with the Go SDK', async () => {
    const hosts = sites.map((s) => new URL(s.store.url).host);
    let out: string;
    try {
      out = (await program.run([...hosts, ROOT, SECRET], '')).toString();
    } catch (err) {
      throw new Error(`madmin-site-replication failed:\n${(err as Error).message}`);
    }
    expect(out).not.toContain('FAIL');
    expect(out).toMatch(/^OK \d+ steps$/m);
    // The Go program's view agrees with the stores': a user made at b is at a too, c left.
    expect((await sites[0]?.admin.getUserInfo('go-sr-user'))?.status).toBe('enabled');
  }, 300_000);
});
