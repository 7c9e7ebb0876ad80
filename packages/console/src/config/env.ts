// SPDX-License-Identifier: Apache-2.0
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads the process environment. Every variable is validated here, so a bad value
 * stops the start with one line naming the variable (issue 2). Names follow MinIO's where one exists.
 */
export interface ConsoleConfig {
  consolePort: number;
  /** Address the console and the embedded store bind to. */
  host: string;
  s3Port: number;
  dataDir: string;
  drives: number;
  /** Root credentials of the embedded store; null = generate once and keep in the data dir. */
  rootUser: string | null;
  rootPassword: string | null;
  /** External S3/MinIO endpoint instead of the embedded store; null = embedded store. */
  minioServer: URL | null;
  /** Region the console signs S3 requests with ('' lets the server choose). */
  region: string;
  pbkdfPassphrase: string | null;
  pbkdfSalt: string | null;
  /** Lifetime of a console session (and of the STS credentials behind it), in seconds. */
  sessionDurationSeconds: number;
  /** CONSOLE_MINIO_SERVER_CA: PEM CA bundle trusted for the server's certificate (its text), or null. */
  serverCa: string | null;
  /** CONSOLE_MINIO_SERVER_TLS_SKIP_VERIFICATION: accept any certificate of the server (labs only). */
  tlsSkipVerification: boolean;
  /** CONSOLE_MINIO_PATH_STYLE: path-style (true, the default) or virtual-host addressing. */
  pathStyle: boolean;
  /** CONSOLE_MINIO_TIMEOUT: how long connecting (and, at sign-in, the server's answer) may take. */
  serverTimeoutMs: number;
  /**
   * CONSOLE_PROMETHEUS_URL (+ CONSOLE_PROMETHEUS_JOB_ID, default `minio-job`): the Prometheus server the
   * dashboard's widgets query; absent, the dashboard shows the usage summary.
   */
  prometheus?: { url: string; jobId: string };
  /**
   * STOWAGE_CERTS_DIR: a folder in MinIO's certs layout (public.crt, private.key, optional CAs/); the
   * console and the embedded store then serve HTTPS only. null = plain HTTP.
   */
  certsDir: string | null;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

const port = z.coerce.number().int().min(1).max(65535);

/** Go-style durations as MinIO uses them: `90s`, `15m`, `12h`, `1h30m`, or plain seconds. */
export function parseDuration(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const re = /(\d+)(h|m|s)/gy;
  let total = 0;
  let consumed = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3600 : m[2] === 'm' ? n * 60 : n;
    consumed = re.lastIndex;
  }
  return consumed === text.length && text.length > 0 ? total : null;
}

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** `on`/`off` switches (MinIO's style; true/false, yes/no and 1/0 are accepted too). */
export function readSwitch(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const v = raw.toLowerCase();
  if (['on', 'true', 'yes', '1'].includes(v)) return true;
  if (['off', 'false', 'no', '0'].includes(v)) return false;
  throw new ConfigError(name, `must be on or off (got "${raw}")`);
}

/** The CA bundle named by CONSOLE_MINIO_SERVER_CA: a readable file holding PEM certificates. */
function readCaBundle(file: string, cwd: string): string {
  const name = 'CONSOLE_MINIO_SERVER_CA';
  let text: string;
  try {
    text = readFileSync(path.resolve(cwd, file), 'utf8');
  } catch (err) {
    throw new ConfigError(name, `must name a readable PEM file (${(err as Error).message})`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----'))
    throw new ConfigError(name, `must name a PEM file of certificates; ${file} holds none`);
  return text;
}

function parseWith<T>(name: string, schema: z.ZodType<T>, raw: string, expectation: string): T {
  const r = schema.safeParse(raw);
  if (!r.success) throw new ConfigError(name, `must be ${expectation} (got "${raw}")`);
  return r.data;
}

/** Reads and validates the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): ConsoleConfig {
  const get = (name: string): string | undefined => read(env, name);

  const consolePort = parseWith('CONSOLE_PORT', port, get('CONSOLE_PORT') ?? '9090', 'a port number 1-65535');
  const s3Port = parseWith(
    'STOWAGE_S3_PORT',
    port,
    get('STOWAGE_S3_PORT') ?? '9000',
    'a port number 1-65535',
  );
  const drives = parseWith(
    'STOWAGE_DRIVES',
    z.coerce.number().int().min(1).max(32),
    get('STOWAGE_DRIVES') ?? '4',
    'a whole number of drive folders from 1 to 32',
  );
  const host = get('CONSOLE_HOST') ?? '0.0.0.0';
  if (!/^[\w.:-]+$/.test(host))
    throw new ConfigError('CONSOLE_HOST', `must be a host name or IP address (got "${host}")`);

  const dataDir = path.resolve(cwd, get('STOWAGE_DATA_DIR') ?? './data');

  const rootUser = get('MINIO_ROOT_USER') ?? null;
  const rootPassword = get('MINIO_ROOT_PASSWORD') ?? null;
  if ((rootUser === null) !== (rootPassword === null)) {
    throw new ConfigError(
      rootUser === null ? 'MINIO_ROOT_USER' : 'MINIO_ROOT_PASSWORD',
      `must be set together with ${rootUser === null ? 'MINIO_ROOT_PASSWORD' : 'MINIO_ROOT_USER'}`,
    );
  }
  if (rootUser !== null && rootUser.length < 3) {
    throw new ConfigError('MINIO_ROOT_USER', 'must be at least 3 characters long');
  }
  if (rootPassword !== null && rootPassword.length < 8) {
    throw new ConfigError('MINIO_ROOT_PASSWORD', 'must be at least 8 characters long');
  }

  let minioServer: URL | null = null;
  const server = get('CONSOLE_MINIO_SERVER');
  if (server !== undefined) {
    try {
      minioServer = new URL(server);
    } catch {
      throw new ConfigError(
        'CONSOLE_MINIO_SERVER',
        `must be a URL such as http://minio.example.com:9000 (got "${server}")`,
      );
    }
    if (minioServer.protocol !== 'http:' && minioServer.protocol !== 'https:') {
      throw new ConfigError('CONSOLE_MINIO_SERVER', `must start with http:// or https:// (got "${server}")`);
    }
  } else if (consolePort === s3Port) {
    throw new ConfigError('STOWAGE_S3_PORT', `must differ from CONSOLE_PORT (both are ${consolePort})`);
  }

  const durationText = get('CONSOLE_STS_DURATION') ?? '12h';
  const sessionDurationSeconds = parseDuration(durationText);
  if (
    sessionDurationSeconds === null ||
    sessionDurationSeconds < 900 ||
    sessionDurationSeconds > 365 * 86400
  ) {
    throw new ConfigError(
      'CONSOLE_STS_DURATION',
      `must be a duration from 15m to 8760h such as 12h (got "${durationText}")`,
    );
  }

  const timeoutText = get('CONSOLE_MINIO_TIMEOUT') ?? '10s';
  const timeoutSeconds = parseDuration(timeoutText);
  if (timeoutSeconds === null || timeoutSeconds < 1 || timeoutSeconds > 600) {
    throw new ConfigError(
      'CONSOLE_MINIO_TIMEOUT',
      `must be a duration from 1s to 10m such as 10s (got "${timeoutText}")`,
    );
  }
  const caFile = get('CONSOLE_MINIO_SERVER_CA');
  const certs = get('STOWAGE_CERTS_DIR');
  const certsDir = certs === undefined ? null : path.resolve(cwd, certs);
  if (certsDir !== null && !statSync(certsDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigError(
      'STOWAGE_CERTS_DIR',
      `must name a folder holding public.crt and private.key (${certsDir} is none)`,
    );
  }
  const prometheus = readPrometheus(get);

  return {
    consolePort,
    host,
    s3Port,
    dataDir,
    drives,
    rootUser,
    rootPassword,
    minioServer,
    region: get('CONSOLE_MINIO_REGION') ?? '',
    pbkdfPassphrase: get('CONSOLE_PBKDF_PASSPHRASE') ?? null,
    pbkdfSalt: get('CONSOLE_PBKDF_SALT') ?? null,
    sessionDurationSeconds,
    serverCa: caFile === undefined ? null : readCaBundle(caFile, cwd),
    tlsSkipVerification: readSwitch(env, 'CONSOLE_MINIO_SERVER_TLS_SKIP_VERIFICATION', false),
    pathStyle: readSwitch(env, 'CONSOLE_MINIO_PATH_STYLE', true),
    serverTimeoutMs: timeoutSeconds * 1000,
    ...(prometheus ? { prometheus } : {}),
    certsDir,
  };
}

/** CONSOLE_PROMETHEUS_URL and CONSOLE_PROMETHEUS_JOB_ID (MinIO console's names and default job). */
function readPrometheus(get: (name: string) => string | undefined): ConsoleConfig['prometheus'] {
  const url = get('CONSOLE_PROMETHEUS_URL');
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(
      'CONSOLE_PROMETHEUS_URL',
      `must be a URL such as http://prometheus:9090 (got "${url}")`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError('CONSOLE_PROMETHEUS_URL', `must start with http:// or https:// (got "${url}")`);
  }
  const jobId = get('CONSOLE_PROMETHEUS_JOB_ID') ?? 'minio-job';
  if (!/^[^"\\\n]+$/.test(jobId)) {
    throw new ConfigError(
      'CONSOLE_PROMETHEUS_JOB_ID',
      `must be a Prometheus job name without quotes (got "${jobId}")`,
    );
  }
  return { url: url.replace(/\/+$/, ''), jobId };
}
