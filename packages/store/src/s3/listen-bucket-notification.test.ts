// SPDX-License-Identifier: Apache-2.0
import { type Client, CopyConditions } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, rootClients, startTestStore, type TestStore } from './conformance/harness.js';

// ListenBucketNotification (MinIO's extension) driven by the minio npm SDK's listenBucketNotification.
interface NotificationRecord {
  eventName: string;
  s3: { bucket: { name: string }; object: { key: string; size: number; eTag: string } };
}

let t: TestStore;
let s3: Client;

beforeAll(async () => {
  t = await startTestStore();
  ({ s3 } = rootClients(t));
  await s3.makeBucket('album');
});
afterAll(async () => {
  await t?.stop();
});

describe('ListenBucketNotification', () => {
  it('streams created and removed objects matching prefix, suffix and events', async () => {
    const records: NotificationRecord[] = [];
    const poller = s3.listenBucketNotification('album', 'photos/', '.jpg', [
      's3:ObjectCreated:*',
      's3:ObjectRemoved:*',
    ]);
    poller.on('notification', (r) => records.push(r as NotificationRecord));
    try {
      // Live once a probe written after subscribing comes through.
      for (let i = 0; i < 100 && records.length === 0; i++) {
        await s3.putObject('album', `photos/probe-${i}.jpg`, Buffer.from('p'));
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(records.length).toBeGreaterThan(0);
      records.length = 0;
      // Idle long enough for keep-alive spaces to go out: the records after them must still parse.
      await new Promise((r) => setTimeout(r, 1200));

      const put = await s3.putObject('album', 'photos/a b.jpg', Buffer.from('12345'));
      await s3.putObject('album', 'notes/b.jpg', Buffer.from('not under the prefix'));
      await s3.putObject('album', 'photos/c.png', Buffer.from('not the suffix'));
      await s3.copyObject('album', 'photos/copy.jpg', '/album/photos/a b.jpg', new CopyConditions());
      await s3.removeObject('album', 'photos/copy.jpg');
      await s3.removeObjects('album', ['photos/a b.jpg']);
      await eventually(() => records.length >= 4);
      await new Promise((r) => setTimeout(r, 200));
      expect(records.map((r) => [r.eventName, decodeURIComponent(r.s3.object.key)])).toEqual([
        ['s3:ObjectCreated:Put', 'photos/a b.jpg'],
        ['s3:ObjectCreated:Copy', 'photos/copy.jpg'],
        ['s3:ObjectRemoved:Delete', 'photos/copy.jpg'],
        ['s3:ObjectRemoved:Delete', 'photos/a b.jpg'],
      ]);
      expect(records[0]?.s3).toMatchObject({
        bucket: { name: 'album' },
        object: { size: 5, eTag: put.etag },
      });
    } finally {
      poller.stop();
    }
  });

  it('only the chosen kinds: removals only', async () => {
    const records: NotificationRecord[] = [];
    const poller = s3.listenBucketNotification('album', 'only-removed/', '', ['s3:ObjectRemoved:*']);
    poller.on('notification', (r) => records.push(r as NotificationRecord));
    try {
      await s3.putObject('album', 'only-removed/x', Buffer.from('x'));
      for (let i = 0; i < 100 && records.length === 0; i++) {
        await s3.removeObject('album', 'only-removed/x');
        await new Promise((r) => setTimeout(r, 50));
      }
      await s3.putObject('album', 'only-removed/y', Buffer.from('y'));
      await s3.removeObject('album', 'only-removed/y');
      await eventually(() => records.some((r) => r.s3.object.key === 'only-removed/y'));
      expect(records.every((r) => r.eventName.startsWith('s3:ObjectRemoved:'))).toBe(true);
    } finally {
      poller.stop();
    }
  });

  it('refuses an unknown event name and a missing bucket', async () => {
    const errorOf = (bucket: string, events: string[]) =>
      new Promise<{ code?: string }>((resolve) => {
        const poller = s3.listenBucketNotification(bucket, '', '', events);
        poller.on('error', (e) => {
          poller.stop();
          resolve(e as { code?: string });
        });
      });
    expect((await errorOf('album', ['s3:Bogus'])).code).toBe('InvalidArgument');
    expect((await errorOf('no-such-album', ['s3:ObjectCreated:*'])).code).toBe('NoSuchBucket');
  });
});
