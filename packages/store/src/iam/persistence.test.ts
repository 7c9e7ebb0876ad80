// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { decodeName, encodeName, IAM_PATHS, IamPersistence } from './persistence.js';
import type { GroupRecord, UserRecord } from './records.js';
import { MemorySystemStore } from './testing/memory-system-store.js';

const USER: UserRecord = {
  accessKey: 'alice',
  secretKey: 'alice-secret',
  status: 'enabled',
  updatedAt: 'now',
};

describe('IamPersistence', () => {
  it('keeps safe names readable and encodes the rest reversibly', () => {
    expect(encodeName('alice@example.com')).toBe('alice@example.com.json');
    for (const name of ['with space', 'ünïcode', 'a/b', '..', 'x'.repeat(151)]) {
      const seg = encodeName(name);
      expect(seg.startsWith('~')).toBe(true);
      expect(seg).not.toContain('/');
      expect(decodeName(seg)).toBe(name);
    }
    expect(decodeName('alice.json')).toBe('alice');
    expect(decodeName('notes.txt')).toBeNull();
  });

  it('writes one JSON document per entity and removes it again', async () => {
    const store = new MemorySystemStore();
    const persist = new IamPersistence(store);
    await persist.save('users', 'alice', USER);
    await persist.save('users', 'with space', { ...USER, accessKey: 'with space' });
    expect(JSON.parse(store.docs.get(`${IAM_PATHS.users}/alice.json`)?.toString() ?? '')).toEqual(USER);
    expect(store.docs.size).toBe(2);
    await persist.remove('users', 'with space');
    expect([...store.docs.keys()]).toEqual([`${IAM_PATHS.users}/alice.json`]);
  });

  it('loads a collection, skipping and reporting unreadable documents and ignoring foreign files', async () => {
    const store = new MemorySystemStore();
    const persist = new IamPersistence(store);
    for (let i = 0; i < 40; i++) await persist.save('users', `user${i}`, { ...USER, accessKey: `user${i}` });
    store.docs.set(`${IAM_PATHS.users}/broken.json`, Buffer.from('{not json'));
    store.docs.set(`${IAM_PATHS.users}/README`, Buffer.from('ignored'));
    const bad: string[] = [];
    const users = await persist.loadAll('users', (path) => bad.push(path));
    expect(users).toHaveLength(40);
    expect(bad).toEqual([`${IAM_PATHS.users}/broken.json`]);
  });

  it('reads every collection into a snapshot', async () => {
    const store = new MemorySystemStore();
    const persist = new IamPersistence(store);
    const group: GroupRecord = { name: 'devs', members: ['alice'], status: 'enabled', updatedAt: 'now' };
    await persist.save('users', 'alice', USER);
    await persist.save('groups', 'devs', group);
    await persist.save('userPolicies', 'alice', { name: 'alice', policies: ['readonly'], updatedAt: 'now' });
    const snapshot = await persist.loadSnapshot(() => undefined);
    expect(snapshot).toEqual({
      users: [USER],
      groups: [group],
      policies: [],
      userPolicies: [{ name: 'alice', policies: ['readonly'], updatedAt: 'now' }],
      groupPolicies: [],
      serviceAccounts: [],
      sts: [],
    });
  });
});
