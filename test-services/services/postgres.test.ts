// SPDX-License-Identifier: Apache-2.0
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testService } from '../index.js';
import type { PostgresInfo } from './postgres.js';

describe('postgres test service', () => {
  it('serves its database over TCP with the password it hands out, and rejects a wrong one', async () => {
    const info = await testService<PostgresInfo>('postgres');
    const client = new pg.Client({ connectionString: info.url });
    await client.connect();
    try {
      await client.query('CREATE TABLE IF NOT EXISTS probe (k text PRIMARY KEY)');
      await client.query("INSERT INTO probe VALUES ('a') ON CONFLICT DO NOTHING");
      const { rows } = await client.query<{ db: string; k: string }>(
        'SELECT current_database() AS db, k FROM probe',
      );
      expect(rows).toEqual([{ db: info.database, k: 'a' }]);
    } finally {
      await client.end();
    }
    const wrong = new pg.Client({ ...info, password: 'not-the-password' });
    await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);
  });
});
