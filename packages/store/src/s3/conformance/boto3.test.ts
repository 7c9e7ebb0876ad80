// SPDX-License-Identifier: Apache-2.0
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boto3Report } from './boto3.js';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore, TWO_POOLS } from './harness.js';

// Conformance with Debian's python3-boto3 (a client nobody here wrote): checksums it computes,
// GetObjectAttributes, conditional writes and listings with botocore's default encoding-type=url.
// The script reports what boto3 saw; the assertions are here.
let t: TestStore;
// biome-ignore lint/suspicious/noExplicitAny: the script's JSON report
let seen: any;

beforeAll(async () => {
  // Two server pools (issue 32): the suite passes unchanged on one namespace over two erasure sets.
  t = await startTestStore(4, { pools: TWO_POOLS });
  seen = await boto3Report('boto3_checks', [t.store.url, ROOT_USER, ROOT_PASSWORD, 'boto']);
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

describe('boto3', () => {
  it('stores the checksums botocore computes and returns them when asked', () => {
    expect(seen.head_sha256).toBe(seen.expected.sha256);
    expect(seen.get_crc32).toBe(seen.expected.crc32);
    expect(seen.get_body_ok).toBe(true);
  });

  it('answers BadDigest to a checksum that does not match', () => {
    expect(seen.bad_digest).toEqual(['BadDigest', 400]);
  });

  it('builds a composite multipart SHA1 and reports it through GetObjectAttributes', () => {
    expect(seen.complete_sha1).toBe(seen.expected_composite);
    // (boto3 1.26's model predates ChecksumType; the JS SDK test checks it.)
    expect(seen.attrs.Checksum).toEqual({ ChecksumSHA1: seen.expected_composite });
    expect(seen.attrs.ObjectSize).toBe(5 * 1024 * 1024 + 4);
    expect(seen.attrs.StorageClass).toBe('STANDARD');
    expect(seen.attrs.TotalPartsCount).toBe(2);
    expect(seen.attrs.Parts).toEqual([
      { PartNumber: 1, Size: 5 * 1024 * 1024, ChecksumSHA1: seen.part_sha1[0] },
      { PartNumber: 2, Size: 4, ChecksumSHA1: seen.part_sha1[1] },
    ]);
    expect(seen.attrs.ETag).toMatch(/^[0-9a-f]{32}-2$/);
    expect(seen.attrs_paged).toEqual({ IsTruncated: true, NextPartNumberMarker: 1, Parts: 1 });
  });

  it('GetObjectAttributes of a single PUT: unquoted ETag, its checksum, no parts; NoSuchKey when absent', () => {
    expect(seen.attrs_simple).toEqual({
      ETag: seen.md5,
      Checksum: { ChecksumSHA256: seen.expected.sha256 },
      ObjectSize: 2000,
      HasParts: false,
    });
    expect(seen.attrs_missing).toEqual(['NoSuchKey', 404]);
  });

  it('refuses a second If-None-Match: * write with 412', () => {
    expect(seen.if_none_match_again).toEqual(['PreconditionFailed', 412]);
  });

  it('takes browser-form POST uploads signed by botocore (SigV4 and SigV2) and checks their policy', () => {
    expect(seen.post_v4[0]).toBe(204);
    expect(seen.post_v4_meta).toEqual({ who: 'boto3' });
    expect(seen.post_v4_too_big[0]).toBe(400);
    expect(seen.post_v4_too_big[1]).toContain('<Code>EntityTooLarge</Code>');
    expect(seen.post_v2[0]).toBe(204);
    expect(seen.post_v2_head).toBe(7);
  });

  it('lists odd keys with encoding-type=url so that botocore decodes them back exactly', () => {
    const keys: string[] = seen.keys;
    const flat = keys.filter((k) => !k.slice(4).includes('/')).sort();
    expect(seen.v2_keys).toEqual(flat);
    expect(seen.v2_prefixes).toEqual(['enc/ünï cødé/']);
    expect(seen.versions_keys).toEqual(flat);
    expect(seen.versions_prefixes).toEqual(['enc/ünï cødé/']);
    const sorted = [...keys].sort();
    const afterSpace = sorted.filter((k) => k > 'enc/a b.txt').slice(0, 2);
    expect(seen.v2_start_after).toEqual(afterSpace);
    expect(seen.v2_start_after_echo).toBe('enc/a b.txt');
    expect(seen.v1_keys).toEqual(sorted.filter((k) => k > 'enc/plus+sign.txt').slice(0, 1));
    expect(seen.v1_marker).toBe('enc/plus+sign.txt');
    expect(seen.v1_next_marker).toBe(seen.v1_keys[0]);
  });
});
