// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AuditRow, type AuditSearch, localAuditRows } from './audit-rows.js';
import { SqliteAuditStore } from './sqlite-store.js';

let dir: string;
let store: SqliteAuditStore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-audit-sqlite-'));
  store = new SqliteAuditStore(path.join(dir, 'audit.db'));
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

function row(i: number): AuditRow {
  const record = { version: '1', time: new Date(Date.UTC(2026, 11, 2, 7, 0, 0, i)).toISOString() };
  return {
    time: record.time,
    api_name: 'PutObject',
    bucket: 'b',
    object: `k-${String(i).padStart(4, '0')}`,
    remote_host: '127.0.0.1',
    request_id: `R${i}`,
    user_agent: 'ua',
    response_status: 'OK',
    response_status_code: 200,
    request_content_length: i,
    response_content_length: 0,
    time_to_response_ns: 1000 + i,
    record: JSON.stringify(record),
  };
}

const all: AuditSearch = { filters: [], pageSize: 1000, pageNo: 0, order: 'timeAsc' };

describe('SqliteAuditStore', () => {
  it('keeps batches of any size in order, each record once when delivered again', async () => {
    await store.insert(Array.from({ length: 250 }, (_, i) => row(i)));
    await store.insert([row(3)]);
    // A batch sent again after a crash between send and acknowledgement, plus a new record.
    await store.insert([...Array.from({ length: 10 }, (_, i) => row(240 + i)), row(250)]);
    const rows = await store.search(all);
    expect(rows.map((r) => r.request_id)).toEqual(Array.from({ length: 251 }, (_, i) => `R${i}`));
    expect(rows[7]).toEqual(row(7));
  });

  it('keeps records handed over in process, from their fields or (an earlier run) their JSON', async () => {
    const json = Buffer.from(
      JSON.stringify({
        version: '1',
        time: '2026-12-02T07:00:01.000Z',
        api: { name: 'GetObject', bucket: 'b', object: 'x', status: 'OK', statusCode: 200, rx: 0, tx: 5 },
        remotehost: '10.0.0.1',
        requestID: 'OLD',
        timeToResponseInNS: '9',
      }),
    );
    const fields = {
      time: '2026-12-02T07:00:02.000Z',
      api: 'PutObject',
      bucket: 'b',
      object: 'y',
      remotehost: '10.0.0.2',
      requestID: 'NEW',
      userAgent: 'ua',
      status: 'OK',
      statusCode: 200,
      rx: 5,
      tx: 0,
      timeToResponseNs: 7,
    };
    const rows = localAuditRows([
      { json },
      { json: Buffer.from('{"time":"2026-12-02T07:00:03.000Z","api":{}}') },
      { json: Buffer.from('{"requestID":"x"}'), audit: fields },
    ]);
    await store.insert(rows);
    const kept = await store.search(all);
    expect(kept.map((r) => [r.request_id, r.api_name, r.object, r.remote_host])).toEqual([
      ['OLD', 'GetObject', 'x', '10.0.0.1'],
      ['NEW', 'PutObject', 'y', '10.0.0.2'],
    ]);
    expect(kept[0]?.record).toBe(json.toString());
    expect(kept[1]).toMatchObject({
      request_content_length: 5,
      time_to_response_ns: 7,
      record: '{"requestID":"x"}',
    });
  });
});
