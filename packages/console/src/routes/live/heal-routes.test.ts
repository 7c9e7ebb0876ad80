// SPDX-License-Identifier: Apache-2.0
import { diagnosticMessageSchema, healProgressSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bucketFilesOnDrive,
  emptyDrive,
  flipShardBytes,
  isShardFile,
} from '../../../../store/src/heal/testing/damage.js';
import { sessionCookieHeader } from '../../testing/console-harness.js';
import { type SocketHarness, startSocketHarness } from '../../testing/websocket.js';
import { healthColour } from './heal.js';

// GET /ws/heal/{bucket} and /ws/health-info (spec 3 §7): heal from the console repairs a drive emptied and
// a drive with flipped bytes (the test reads the drives), and the diagnostic streams a report that holds
// no secret.
const BUCKET = 'mending';
const OBJECTS: Record<string, Buffer> = {
  'a/one.bin': Buffer.alloc(500 * 1024, 3),
  'a/two.bin': Buffer.alloc(260 * 1024, 4),
  'b/three.bin': Buffer.alloc(300 * 1024, 5),
};

describe('heal and diagnostic over WebSocket', () => {
  let s: SocketHarness;
  beforeAll(async () => {
    s = await startSocketHarness(BUCKET);
    for (const [key, body] of Object.entries(OBJECTS)) await s.h.s3.putObject(BUCKET, key, body);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('colours an item by how many shards it has left', () => {
    expect(healthColour(4, 2, 2)).toBe('green');
    expect(healthColour(3, 2, 2)).toBe('yellow');
    expect(healthColour(2, 2, 2)).toBe('red');
    expect(healthColour(1, 2, 2)).toBe('grey');
  });

  it('heals every bucket at once over /ws/heal: the store documents, each bucket and its objects', async () => {
    await s.h.s3.makeBucket('mending-too');
    await s.h.s3.putObject('mending-too', 'c/four.bin', Buffer.alloc(200 * 1024, 6));
    const opened = await s.open('/ws/heal?recursive=true&dry-run=true');
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    expect(await opened.closed).toEqual({ code: 1000, reason: 'The heal finished.' });
    const last = healProgressSchema.parse(opened.messages.at(-1));
    expect(last.summary).toBe('finished');
    // Both buckets' objects: the three of the first bucket and the one of the second.
    expect(last.objectsScanned).toBe(4);
    expect(last.bytesScanned).toBe(500 * 1024 + 260 * 1024 + 300 * 1024 + 200 * 1024);
    expect(last.objectsHealed).toBe(0);
    await s.h.s3.removeObject('mending-too', 'c/four.bin');
    await s.h.s3.removeBucket('mending-too');
  });

  it('heals every shard file back from the console, with before/after colours and counters', async () => {
    const dir = s.h.dataDir;
    const good = [];
    for (let d = 1; d <= 4; d++) good.push(await bucketFilesOnDrive(dir, d, BUCKET));
    await emptyDrive(dir, 1);
    expect((await flipShardBytes(dir, 2, BUCKET)).length).toBe(3);

    const opened = await s.open(`/ws/heal/${BUCKET}?recursive=true&deep-scan=true`);
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    expect(await opened.closed).toEqual({ code: 1000, reason: 'The heal finished.' });
    const last = healProgressSchema.parse(opened.messages.at(-1));
    expect(last.summary).toBe('finished');
    expect(last.objectsScanned).toBe(3);
    expect(last.objectsHealed).toBe(3);
    // The bucket's record document (bucket.json), the bucket and its three objects.
    expect(last.itemsScanned).toBe(5);
    expect(last.bytesScanned).toBe(500 * 1024 + 260 * 1024 + 300 * 1024);
    // Two of four drives bad: the three objects were red before and are green after; the bucket and its
    // document (kept in the drive's system folder, which emptyDrive spares) green.
    expect(last.healthBeforeCols).toEqual({ green: 2, yellow: 0, red: 3, grey: 0 });
    expect(last.healthAfterCols).toEqual({ green: 5, yellow: 0, red: 0, grey: 0 });

    for (let d = 1; d <= 4; d++) {
      const now = await bucketFilesOnDrive(dir, d, BUCKET);
      for (const [file, bytes] of good[d - 1] ?? []) {
        if (isShardFile(file)) expect(now.get(file)?.equals(bytes), `drive${d}/${file}`).toBe(true);
      }
    }
  });

  it('refuses both force flags (400); a user without admin:Heal gets 1011 and the reason', async () => {
    expect(await s.open(`/ws/heal/${BUCKET}?force-start=true&force-stop=true`)).toEqual({ refused: 400 });
    await s.h.admin.addUser('heal-less', 'heal-less-secret');
    await s.h.admin.setPolicy('readwrite', 'heal-less', false);
    const cookie = sessionCookieHeader(await s.h.login('heal-less', 'heal-less-secret'));
    const opened = await s.open(`/ws/heal/${BUCKET}`, { cookie });
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    const closed = await opened.closed;
    expect(closed.code).toBe(1011);
    expect(closed.reason).toMatch(/denied/i);
  });

  it('streams the diagnostic until it is complete; the report holds no secret', async () => {
    const secret = 'Diagnostic-Must-Not-Show-This';
    await s.h.admin.setConfigKV(
      `audit_webhook:diag endpoint=http://127.0.0.1:9/ auth_token=${secret} enable=off`,
    );
    const opened = await s.open('/ws/health-info?deadline=1h');
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    expect(await opened.closed).toEqual({ code: 1000, reason: 'The diagnostic is complete.' });
    expect(opened.messages.length).toBeGreaterThan(1);
    const last = diagnosticMessageSchema.parse(opened.messages.at(-1));
    const text = JSON.stringify(last);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(s.h.rootPassword);
    expect(text).toContain('*redacted*');
    expect(last.serverHealthInfo).toHaveProperty('sys.partitions');
    expect(await s.open('/ws/health-info?deadline=soon')).toEqual({ refused: 400 });
  });
});
