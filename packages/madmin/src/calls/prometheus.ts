// SPDX-License-Identifier: Apache-2.0
// Prometheus scrape token and configuration (`mc admin prometheus generate`): made client-side, as mc
// does — an HS512 JWT signed with the secret key, issuer `prometheus`, subject the access key
// (the store checks it when MINIO_PROMETHEUS_AUTH_TYPE is jwt, the default).
import { createHmac } from 'node:crypto';

/** The metric groups MinIO serves under `/minio/v2/metrics/<type>`. */
export type PrometheusMetricsType = 'cluster' | 'node' | 'bucket';

/** mc's default token lifetime: 100 years. */
const DEFAULT_EXPIRY_SECONDS = 100 * 365 * 24 * 3600;

const b64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

export interface PrometheusTokenOptions {
  accessKey: string;
  secretKey: string;
  /** Seconds the token stays valid; 100 years by default. */
  expirySeconds?: number;
  /** Issued-at override, for tests (default now). */
  now?: Date;
}

/** The bearer token a scraper sends: `Authorization: Bearer <token>`. */
export function generatePrometheusToken(opts: PrometheusTokenOptions): string {
  if (!opts.accessKey || !opts.secretKey) throw new Error('an access key and its secret key are required');
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  const header = b64url(JSON.stringify({ alg: 'HS512', typ: 'JWT' }));
  const claims = b64url(
    JSON.stringify({
      exp: now + (opts.expirySeconds ?? DEFAULT_EXPIRY_SECONDS),
      iss: 'prometheus',
      sub: opts.accessKey,
    }),
  );
  const signature = createHmac('sha512', opts.secretKey).update(`${header}.${claims}`).digest('base64url');
  return `${header}.${claims}.${signature}`;
}

/** One scrape job as `mc admin prometheus generate` prints it (YAML keys of Prometheus' scrape_configs). */
export interface PrometheusScrapeConfig {
  job_name: string;
  bearer_token: string;
  metrics_path: string;
  scheme: 'http' | 'https';
  static_configs: Array<{ targets: string[] }>;
}

/** A scrape job for `endpoint` (e.g. `http://127.0.0.1:9000`) and one metric group. */
export function generatePrometheusConfig(
  endpoint: string,
  opts: PrometheusTokenOptions & { type?: PrometheusMetricsType; jobName?: string },
): PrometheusScrapeConfig {
  const url = new URL(endpoint);
  const type = opts.type ?? 'cluster';
  return {
    job_name: opts.jobName ?? `minio-job${type === 'cluster' ? '' : `-${type}`}`,
    bearer_token: generatePrometheusToken(opts),
    metrics_path: `/minio/v2/metrics/${type}`,
    scheme: url.protocol === 'https:' ? 'https' : 'http',
    static_configs: [{ targets: [url.host] }],
  };
}
