// SPDX-License-Identifier: Apache-2.0
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration } from './env.js';

function errorOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env, '/srv');
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({}, '/srv');
    expect(c).toMatchObject({
      consolePort: 9090,
      s3Port: 9000,
      dataDir: '/srv/data',
      drives: 4,
      rootUser: null,
      minioServer: null,
      sessionDurationSeconds: 43200,
      serverCa: null,
      tlsSkipVerification: false,
      pathStyle: true,
      serverTimeoutMs: 10_000,
      certsDir: null,
    });
  });

  it('reads STOWAGE_CERTS_DIR as a folder, relative to the working folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stowage-certs-env-'));
    try {
      expect(loadConfig({ STOWAGE_CERTS_DIR: dir }, '/srv').certsDir).toBe(dir);
      expect(errorOf({ STOWAGE_CERTS_DIR: 'no-such-certs' })).toMatch(
        /STOWAGE_CERTS_DIR .*\/srv\/no-such-certs is none/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the connection options of another S3 server', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stowage-env-'));
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    writeFileSync(path.join(dir, 'ca.pem'), pem);
    try {
      const c = loadConfig(
        {
          CONSOLE_MINIO_SERVER: 'https://rgw.lab:7480',
          CONSOLE_MINIO_SERVER_CA: 'ca.pem',
          CONSOLE_MINIO_SERVER_TLS_SKIP_VERIFICATION: 'on',
          CONSOLE_MINIO_PATH_STYLE: 'off',
          CONSOLE_MINIO_TIMEOUT: '30s',
        },
        dir,
      );
      expect(c).toMatchObject({
        serverCa: pem,
        tlsSkipVerification: true,
        pathStyle: false,
        serverTimeoutMs: 30_000,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        CONSOLE_PORT: '8080',
        STOWAGE_S3_PORT: '8000',
        STOWAGE_DATA_DIR: 'store',
        STOWAGE_DRIVES: '1',
        MINIO_ROOT_USER: 'admin',
        MINIO_ROOT_PASSWORD: 'password123',
        CONSOLE_STS_DURATION: '1h30m',
      },
      '/srv',
    );
    expect(c).toMatchObject({
      consolePort: 8080,
      s3Port: 8000,
      dataDir: '/srv/store',
      drives: 1,
      rootUser: 'admin',
      rootPassword: 'password123',
      sessionDurationSeconds: 5400,
    });
  });

  it.each([
    [{ CONSOLE_PORT: 'abc' }, 'CONSOLE_PORT'],
    [{ CONSOLE_PORT: '70000' }, 'CONSOLE_PORT'],
    [{ STOWAGE_S3_PORT: '-1' }, 'STOWAGE_S3_PORT'],
    [{ STOWAGE_DRIVES: '0' }, 'STOWAGE_DRIVES'],
    [{ STOWAGE_DRIVES: '2.5' }, 'STOWAGE_DRIVES'],
    [{ MINIO_ROOT_USER: 'admin' }, 'MINIO_ROOT_PASSWORD'],
    [{ MINIO_ROOT_USER: 'ad', MINIO_ROOT_PASSWORD: 'password123' }, 'MINIO_ROOT_USER'],
    [{ MINIO_ROOT_USER: 'admin', MINIO_ROOT_PASSWORD: 'short' }, 'MINIO_ROOT_PASSWORD'],
    [{ CONSOLE_MINIO_SERVER: 'not a url' }, 'CONSOLE_MINIO_SERVER'],
    [{ CONSOLE_MINIO_SERVER: 'ftp://x' }, 'CONSOLE_MINIO_SERVER'],
    [{ CONSOLE_PORT: '9000' }, 'STOWAGE_S3_PORT'],
    [{ CONSOLE_STS_DURATION: '5m' }, 'CONSOLE_STS_DURATION'],
    [{ CONSOLE_MINIO_SERVER_CA: '/nonexistent/ca.pem' }, 'CONSOLE_MINIO_SERVER_CA'],
    [{ CONSOLE_MINIO_SERVER_CA: '/etc/hostname' }, 'CONSOLE_MINIO_SERVER_CA'],
    [{ CONSOLE_MINIO_SERVER_TLS_SKIP_VERIFICATION: 'maybe' }, 'CONSOLE_MINIO_SERVER_TLS_SKIP_VERIFICATION'],
    [{ CONSOLE_MINIO_PATH_STYLE: 'virtual' }, 'CONSOLE_MINIO_PATH_STYLE'],
    [{ CONSOLE_MINIO_TIMEOUT: '0s' }, 'CONSOLE_MINIO_TIMEOUT'],
    [{ CONSOLE_MINIO_TIMEOUT: 'soon' }, 'CONSOLE_MINIO_TIMEOUT'],
  ])('rejects %o naming %s in one line', (env, variable) => {
    const message = errorOf(env);
    expect(message).toContain(variable);
    expect(message).not.toContain('\n');
  });

  it('accepts an external MinIO server', () => {
    expect(loadConfig({ CONSOLE_MINIO_SERVER: 'https://minio.example.com:9000' }).minioServer?.host).toBe(
      'minio.example.com:9000',
    );
  });
});

describe('parseDuration', () => {
  it.each([
    ['90', 90],
    ['15m', 900],
    ['12h', 43200],
    ['1h30m10s', 5410],
    ['', null],
    ['1d', null],
    ['h', null],
  ])('%s → %s', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });
});
