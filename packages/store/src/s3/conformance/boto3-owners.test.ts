// SPDX-License-Identifier: Apache-2.0
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boto3Report } from './boto3.js';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore } from './harness.js';
import { addTwoUsers, USERS } from './two-users.js';

// Owners, object ACLs, PublicAccessBlock, s3:ExistingObjectTag in a user policy and the default
// CRC64NVME checksum with Debian's python3-boto3 acting as root, alice and bob. The script reports
// what boto3 saw; the assertions are here.
let t: TestStore;
// biome-ignore lint/suspicious/noExplicitAny: the script's JSON report
let seen: any;

beforeAll(async () => {
  t = await startTestStore();
  await addTwoUsers(t);
  seen = await boto3Report('boto3_owners', [t.store.url, ROOT_USER, ROOT_PASSWORD, USERS.alice, USERS.bob]);
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

describe('boto3: owners and ACLs', () => {
  it('sees a distinct canonical owner per user, and the creator as the bucket’s owner', () => {
    const { root, alice, bob } = seen.owners;
    expect(alice.DisplayName).toBe('alice');
    expect(bob.DisplayName).toBe('bob');
    expect(new Set([root.ID, alice.ID, bob.ID]).size).toBe(3);
    for (const o of [root, alice, bob]) expect(o.ID).toMatch(/^[0-9a-f]{64}$/);
    expect(seen.bucket_acl_owner).toEqual(alice);
    expect(seen.listed_owner).toEqual(alice);
  });

  it('gets 200 for its own bucket (us-east-1, as AWS) and BucketAlreadyExists for another’s', () => {
    expect(seen.again_by_owner).toBeNull();
    expect(seen.again_by_other).toEqual(['BucketAlreadyExists', 409]);
  });

  it('reads a public-read object anonymously and a granted one as bob', () => {
    expect(seen.anon_public).toEqual([200, 'open']);
    expect(seen.anon_private).toEqual([403, null]);
    expect(seen.bob_before_grant).toEqual(['AccessDenied', 403]);
    expect(seen.bob_after_grant).toBe('hi bob');
    expect(seen.object_acl).toEqual([['CanonicalUser', seen.owners.bob.ID, 'READ']]);
  });

  it('PublicAccessBlock ignores the public ACL and blocks new ones', () => {
    expect(seen.anon_public_ignored).toEqual([403, null]);
    expect(seen.public_acl_blocked).toEqual(['AccessDenied', 403]);
  });

  it('s3:ExistingObjectTag in bob’s policy allows the tagged object and denies the other', () => {
    expect(seen.tag_allowed).toBe('s');
    expect(seen.tag_denied).toEqual(['AccessDenied', 403]);
  });

  it('gets the CRC64NVME checksum the store computed for a PUT that sent none', () => {
    expect(seen.crc64nvme).toEqual([
      Buffer.from('ae8b14860a799888', 'hex').toString('base64'),
      'FULL_OBJECT',
    ]);
  });
});
