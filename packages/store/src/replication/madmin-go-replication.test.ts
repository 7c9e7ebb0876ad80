// SPDX-License-Identifier: Apache-2.0
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The Go build helper of the madmin package (fails with the apt command to run when go or Debian's
// madmin-go sources are missing).
import { buildGoProgram, type GoProgram } from '../../../madmin/src/testing/go-program.js';
import { ROOT, SECRET, type Site, startSite, stopSites } from './testing/two-stores.js';

// MinIO's Go SDKs against bucket replication: conformance/go/src/madmin-calls run with
// `replication <target>` (replication.go) — madmin-go's remote-target calls and minio-go's
// replication configuration, metrics and resync, from one store to a second.

let program: GoProgram;
let a: Site;
let b: Site;

beforeAll(async () => {
  program = await buildGoProgram('madmin-calls');
  [a, b] = await Promise.all([startSite(), startSite()]);
}, 300_000);

afterAll(async () => {
  await stopSites(a, b);
});

describe('madmin-go and minio-go against bucket replication', () => {
  it('remote targets, the rule, a replicated object, metrics and resync', async () => {
    const args = [new URL(a.store.url).host, ROOT, SECRET, 'replication', new URL(b.store.url).host];
    let out: string;
    try {
      out = (await program.run(args, '')).toString('utf8');
    } catch (err) {
      throw new Error(`madmin-calls replication failed:\n${(err as Error).message}`);
    }
    expect(out).not.toContain('FAIL');
    expect(Number(/^OK (\d+) steps$/m.exec(out)?.[1])).toBeGreaterThan(25);
  }, 180_000);
});
