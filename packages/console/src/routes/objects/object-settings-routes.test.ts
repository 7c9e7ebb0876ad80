// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths } from '@stowage/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Query, url, useObjectRig } from '../../testing/object-rig.js';

const h = useObjectRig(async (h) => {
  await h.s3.makeBucket('data');
  await h.s3.putObject('data', 'top.txt', Buffer.from('at the root'));
});

/** The SDK's getObjectLegalHold answers the parsed <LegalHold> element, not the status its type says. */
async function legalHold(bucket: string, key: string, versionId?: string): Promise<string | undefined> {
  const got = await h.s3.getObjectLegalHold(bucket, key, versionId === undefined ? undefined : { versionId });
  return (got as unknown as { Status?: string }).Status;
}

describe('retention, legal hold and tags', () => {
  const put = (pattern: string, bucket: string, query: Query, body: unknown) =>
    h.call('PUT', url(pattern, bucket, query), body);
  const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

  beforeAll(async () => {
    await h.s3.makeBucket('locked', 'us-east-1', { ObjectLocking: true });
    await h.s3.putObject('locked', 'gov.txt', Buffer.from('governed'));
    await h.s3.putObject('locked', 'comp.txt', Buffer.from('complied'));
    await h.s3.putObject('locked', 'held.txt', Buffer.from('held'));
  });

  it('sets, extends and removes a GOVERNANCE retention', async () => {
    const until = inDays(2);
    const res = await put(
      apiPaths.objectRetention,
      'locked',
      { prefix: 'gov.txt' },
      { mode: 'governance', expires: until },
    );
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    let r = await h.s3.getObjectRetention('locked', 'gov.txt');
    expect(r?.mode).toBe('GOVERNANCE');
    expect(Date.parse(String(r?.retainUntilDate))).toBe(Date.parse(until));

    // Shortening needs the bypass; the refusal says why.
    const shorter = await put(
      apiPaths.objectRetention,
      'locked',
      { prefix: 'gov.txt' },
      { mode: 'governance', expires: inDays(1) },
    );
    expect(shorter.status).toBe(403);
    expect(apiErrorSchema.parse(shorter.body).errorMessage).toMatch(/GOVERNANCE retention/);
    const bypassed = await put(
      apiPaths.objectRetention,
      'locked',
      { prefix: 'gov.txt' },
      { mode: 'governance', expires: inDays(1), governance_bypass: true },
    );
    expect(bypassed.status).toBe(204);

    const removed = await h.call('DELETE', url(apiPaths.objectRetention, 'locked', { prefix: 'gov.txt' }));
    expect(removed.status).toBe(204);
    r = await h.s3.getObjectRetention('locked', 'gov.txt').catch(() => null);
    expect(r?.mode).toBeUndefined();
    // Without retention the object can be deleted again.
    const stat = await h.s3.statObject('locked', 'gov.txt');
    await h.s3.removeObject('locked', 'gov.txt', { versionId: String(stat.versionId) });
  });

  it('refuses a date in the past or not RFC 3339, and a bad mode, with 400', async () => {
    for (const body of [
      { mode: 'governance', expires: inDays(-1) },
      { mode: 'governance', expires: 'tomorrow' },
      { mode: 'governance', expires: '2099-01-01' },
      { mode: 'forever', expires: inDays(1) },
      { mode: 'governance' },
    ]) {
      const res = await put(apiPaths.objectRetention, 'locked', { prefix: 'held.txt' }, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(apiErrorSchema.parse(res.body).detailedError).not.toBe('');
    }
  });

  it('COMPLIANCE can be extended but not shortened, switched or removed', async () => {
    const until = inDays(3);
    expect(
      (
        await put(
          apiPaths.objectRetention,
          'locked',
          { prefix: 'comp.txt' },
          { mode: 'compliance', expires: until },
        )
      ).status,
    ).toBe(204);
    const later = inDays(4);
    expect(
      (
        await put(
          apiPaths.objectRetention,
          'locked',
          { prefix: 'comp.txt' },
          { mode: 'compliance', expires: later },
        )
      ).status,
    ).toBe(204);
    for (const attempt of [
      () =>
        put(
          apiPaths.objectRetention,
          'locked',
          { prefix: 'comp.txt' },
          { mode: 'compliance', expires: inDays(1), governance_bypass: true },
        ),
      () =>
        put(
          apiPaths.objectRetention,
          'locked',
          { prefix: 'comp.txt' },
          { mode: 'governance', expires: inDays(5), governance_bypass: true },
        ),
      () => h.call('DELETE', url(apiPaths.objectRetention, 'locked', { prefix: 'comp.txt' })),
    ]) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(apiErrorSchema.parse(res.body).errorMessage).toMatch(
        /COMPLIANCE retention until .* can only be extended/,
      );
    }
    const r = await h.s3.getObjectRetention('locked', 'comp.txt');
    expect(r?.mode).toBe('COMPLIANCE');
    expect(Date.parse(String(r?.retainUntilDate))).toBe(Date.parse(later));
  });

  it('turns a legal hold on and off', async () => {
    const on = await put(apiPaths.objectLegalHold, 'locked', { prefix: 'held.txt' }, { status: 'enabled' });
    expect(on.status).toBe(204);
    expect(await legalHold('locked', 'held.txt')).toBe('ON');
    const off = await put(apiPaths.objectLegalHold, 'locked', { prefix: 'held.txt' }, { status: 'disabled' });
    expect(off.status).toBe(204);
    expect(await legalHold('locked', 'held.txt')).toBe('OFF');
    const bad = await put(apiPaths.objectLegalHold, 'locked', { prefix: 'held.txt' }, { status: 'maybe' });
    expect(bad.status).toBe(400);
  });

  it('a missing object is 404 for retention, legal hold and tags alike', async () => {
    const q = { prefix: 'nope.txt' };
    expect(
      (await put(apiPaths.objectRetention, 'locked', q, { mode: 'governance', expires: inDays(1) })).status,
    ).toBe(404);
    expect((await h.call('DELETE', url(apiPaths.objectRetention, 'locked', q))).status).toBe(404);
    expect((await put(apiPaths.objectLegalHold, 'locked', q, { status: 'enabled' })).status).toBe(404);
    expect((await put(apiPaths.objectTags, 'locked', q, { tags: {} })).status).toBe(404);
  });

  it('object lock calls on a bucket without locking are 400 with a message that says so', async () => {
    const hold = await put(apiPaths.objectLegalHold, 'data', { prefix: 'top.txt' }, { status: 'enabled' });
    expect(hold.status).toBe(400);
    expect(apiErrorSchema.parse(hold.body).errorMessage).toBe('Object locking is not enabled on this bucket');
    const retention = await put(
      apiPaths.objectRetention,
      'data',
      { prefix: 'top.txt' },
      { mode: 'governance', expires: inDays(1) },
    );
    expect(retention.status).toBe(400);
    expect(apiErrorSchema.parse(retention.body).errorMessage).toBe(
      'Object locking is not enabled on this bucket',
    );
  });

  it('replaces the tag set; an empty map removes every tag', async () => {
    const first = await put(
      apiPaths.objectTags,
      'data',
      { prefix: 'top.txt' },
      { tags: { team: 'blue', stage: 'dev' } },
    );
    expect(first.status).toBe(204);
    const read = async () =>
      Object.fromEntries((await h.s3.getObjectTagging('data', 'top.txt')).map((t) => [t.Key, t.Value]));
    expect(await read()).toEqual({ team: 'blue', stage: 'dev' });
    expect(
      (await put(apiPaths.objectTags, 'data', { prefix: 'top.txt' }, { tags: { owner: 'ana b' } })).status,
    ).toBe(204);
    expect(await read()).toEqual({ owner: 'ana b' });
    expect((await put(apiPaths.objectTags, 'data', { prefix: 'top.txt' }, { tags: {} })).status).toBe(204);
    expect(await read()).toEqual({});
    const tooMany = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']));
    expect((await put(apiPaths.objectTags, 'data', { prefix: 'top.txt' }, { tags: tooMany })).status).toBe(
      400,
    );
    expect(
      (await put(apiPaths.objectTags, 'data', { prefix: 'nope.txt' }, { tags: { a: 'b' } })).status,
    ).toBe(404);
  });

  it('tags, holds and retention apply to the given version only', async () => {
    const v1 = await h.s3.putObject('locked', 'multi.txt', Buffer.from('one'));
    const v2 = await h.s3.putObject('locked', 'multi.txt', Buffer.from('two'));
    const q = { prefix: 'multi.txt', version_id: String(v1.versionId) };
    expect((await put(apiPaths.objectTags, 'locked', q, { tags: { old: 'yes' } })).status).toBe(204);
    expect((await put(apiPaths.objectLegalHold, 'locked', q, { status: 'enabled' })).status).toBe(204);
    const tags = (v: string) => h.s3.getObjectTagging('locked', 'multi.txt', { versionId: v });
    expect(await tags(String(v1.versionId))).toEqual([{ Key: 'old', Value: 'yes' }]);
    expect(await tags(String(v2.versionId))).toEqual([]);
    expect(await legalHold('locked', 'multi.txt', String(v1.versionId))).toBe('ON');
    expect(await legalHold('locked', 'multi.txt', String(v2.versionId))).toBe('OFF');
    expect((await put(apiPaths.objectLegalHold, 'locked', q, { status: 'disabled' })).status).toBe(204);
  });
});
