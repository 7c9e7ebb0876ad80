// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { buildMysql, buildPostgres, parseMysql, parsePostgres } from './connection-strings';

describe('connection-string builders', () => {
  it('builds a Postgres string without the empty fields and reads it back', () => {
    const fields = {
      host: 'db.local',
      port: '5432',
      dbname: 'events',
      user: 'minio',
      password: '',
      sslmode: 'disable',
    };
    const text = buildPostgres(fields);
    expect(text).toBe('host=db.local port=5432 dbname=events user=minio sslmode=disable');
    expect(parsePostgres(text)).toEqual(fields);
  });

  it('quotes Postgres values with spaces or quotes, and parses a typed string in any order', () => {
    const text = buildPostgres({
      host: 'h',
      port: '',
      dbname: 'd',
      user: 'u',
      password: "it's a secret",
      sslmode: '',
    });
    expect(text).toBe("host=h dbname=d user=u password='it\\'s a secret'");
    expect(parsePostgres(text).password).toBe("it's a secret");
    expect(parsePostgres('sslmode=require  user=x host=10.0.0.1 unknown=1')).toEqual({
      host: '10.0.0.1',
      port: '',
      dbname: '',
      user: 'x',
      password: '',
      sslmode: 'require',
    });
  });

  it('builds and reads a MySQL DSN, and rejects text that is not one', () => {
    const fields = { user: 'root', password: 'pw', host: '127.0.0.1', port: '3306', dbname: 'events' };
    expect(buildMysql(fields)).toBe('root:pw@tcp(127.0.0.1:3306)/events');
    expect(parseMysql('root:pw@tcp(127.0.0.1:3306)/events')).toEqual(fields);
    expect(parseMysql('tcp(db)/x')).toEqual({ user: '', password: '', host: 'db', port: '', dbname: 'x' });
    expect(parseMysql('mysql://db/x')).toBeUndefined();
  });
});
