// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { IAM_PATHS } from './persistence.js';
import { deriveTokenKey, verifySessionToken } from './session-token.js';
import { allowPolicy, TEST_ROOT, testIam } from './testing/parts.js';

const POLICY = allowPolicy('s3:GetObject');

async function setup(): Promise<ReturnType<typeof testIam>> {
  const iam = testIam();
  await iam.users.add('alice', 'alice-secret');
  await iam.mappings.set(['readwrite'], 'alice', false);
  return iam;
}

describe('StsSessions', () => {
  it('issues credentials with a signed session token and persists the session', async () => {
    const { sessions, store } = await setup();
    const before = Date.now();
    const issued = await sessions.create({
      parentUser: 'alice',
      durationSeconds: 900,
      policy: POLICY,
      claims: { sub: 'x' },
      source: 'AssumeRole',
    });
    expect(issued.accessKey).toMatch(/^[A-Z0-9]{20}$/);
    expect(issued.expiration?.getTime()).toBeGreaterThanOrEqual(before + 900_000);
    const claims = await verifySessionToken(deriveTokenKey(TEST_ROOT.secretKey), issued.sessionToken ?? '');
    expect(claims).toMatchObject({
      accessKey: issued.accessKey,
      parent: 'alice',
      sessionPolicy: Buffer.from(POLICY).toString('base64'),
    });
    const doc = store.docs.get(`${IAM_PATHS.sts}/${issued.accessKey}.json`);
    expect(JSON.parse(doc?.toString() ?? '{}')).toMatchObject({
      parentUser: 'alice',
      source: 'AssumeRole',
      claims: { sub: 'x' },
      sessionPolicy: JSON.parse(POLICY),
    });
    expect(sessions.expiration(issued.accessKey)).toEqual(issued.expiration);
    expect(sessions.expiration('nope')).toBeNull();
    await expect(
      sessions.create({
        parentUser: 'alice',
        durationSeconds: 900,
        policy: '{"Statement":1}',
        source: 'AssumeRole',
      }),
    ).rejects.toMatchObject({ code: 'XMinioMalformedIAMPolicy' });
  });

  it('reports a session: its own policy, else (implied) the parent or external provider policies', async () => {
    const { sessions } = await setup();
    const narrow = await sessions.create({
      parentUser: 'alice',
      durationSeconds: 900,
      policy: POLICY,
      source: 'AssumeRole',
    });
    const wide = await sessions.create({ parentUser: 'alice', durationSeconds: 900, source: 'AssumeRole' });
    const external = await sessions.create({
      parentUser: 'cn=bob,dc=example',
      durationSeconds: 900,
      source: 'AssumeRoleWithLDAPIdentity',
      externalPolicies: ['readonly'],
    });
    expect(sessions.info(narrow.accessKey)).toMatchObject({
      parentUser: 'alice',
      implied: false,
      policy: { Statement: JSON.parse(POLICY).Statement },
    });
    expect(sessions.info(wide.accessKey).implied).toBe(true);
    expect(JSON.stringify(sessions.info(wide.accessKey).policy)).toContain('s3:*');
    expect(JSON.stringify(sessions.info(external.accessKey).policy)).toContain('s3:GetObject');
    expect(() => sessions.info('nope')).toThrow('The specified temporary account is not found');
  });

  it('treats an expired session as gone: info refuses it and a lookup forgets it', async () => {
    const { sessions, store } = await setup();
    const expired = await sessions.create({ parentUser: 'alice', durationSeconds: -1, source: 'AssumeRole' });
    expect(sessions.has(expired.accessKey)).toBe(true);
    expect(() => sessions.info(expired.accessKey)).toThrow(
      expect.objectContaining({ code: 'XMinioInvalidIAMCredentials', status: 404 }),
    );
    expect(sessions.active(expired.accessKey)).toBeNull();
    expect(sessions.has(expired.accessKey)).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.docs.has(`${IAM_PATHS.sts}/${expired.accessKey}.json`)).toBe(false);
  });

  it('purges expired sessions and keeps live ones', async () => {
    const { sessions, store } = await setup();
    const live = await sessions.create({ parentUser: 'alice', durationSeconds: 900, source: 'AssumeRole' });
    const old1 = await sessions.create({ parentUser: 'alice', durationSeconds: -5, source: 'AssumeRole' });
    const old2 = await sessions.create({ parentUser: 'alice', durationSeconds: -5, source: 'AssumeRole' });
    expect(await sessions.purgeExpired()).toBe(2);
    expect(sessions.active(live.accessKey)?.record.parentUser).toBe('alice');
    for (const s of [old1, old2]) {
      expect(sessions.has(s.accessKey)).toBe(false);
      expect(store.docs.has(`${IAM_PATHS.sts}/${s.accessKey}.json`)).toBe(false);
    }
    expect(await sessions.purgeExpired()).toBe(0);
  });

  it('drops expired sessions from disk at load and keeps the live ones', async () => {
    const first = await setup();
    const live = await first.sessions.create({
      parentUser: 'alice',
      durationSeconds: 900,
      source: 'AssumeRole',
    });
    const old = await first.sessions.create({
      parentUser: 'alice',
      durationSeconds: -5,
      source: 'AssumeRole',
    });
    const second = testIam(first.store);
    const records = await second.ctx.persist.loadAll('sts', () => undefined);
    await second.sessions.load(records, () => undefined);
    expect(second.sessions.has(live.accessKey)).toBe(true);
    expect(second.sessions.has(old.accessKey)).toBe(false);
    expect(first.store.docs.has(`${IAM_PATHS.sts}/${old.accessKey}.json`)).toBe(false);
  });

  it("removes a parent's sessions when the parent is removed", async () => {
    const { sessions, users } = await setup();
    const s = await sessions.create({ parentUser: 'alice', durationSeconds: 900, source: 'AssumeRole' });
    await users.remove('alice');
    expect(sessions.find(s.accessKey)).toBeUndefined();
  });
});
