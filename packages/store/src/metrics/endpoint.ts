// SPDX-License-Identifier: Apache-2.0
import type { IncomingHttpHeaders } from 'node:http';
import { decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import { S3Error } from '../core/errors.js';
import type { HandlerResponse } from '../core/request.js';
import type { IamSystem } from '../iam/index.js';
import type { MetricsGroup, StoreMetrics } from './store-metrics.js';

/** Where Prometheus scrapes the store: `/minio/v2/metrics/{cluster,node,bucket}` on the S3 port. */
export const METRICS_PREFIX = '/minio/v2/metrics/';

const GROUPS = new Set<MetricsGroup>(['cluster', 'node', 'bucket']);

/** The scrape request as the HTTP edge sees it. */
export interface MetricsRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  sourceIp: string;
  /** `MINIO_PROMETHEUS_AUTH_TYPE`: `jwt` (default) or `public`. */
  authType: string | undefined;
}

/**
 * Checks the scrape's bearer token (`mc admin prometheus generate`'s JWT: HS512 signed with the secret
 * key of its subject, an access key allowed `admin:Prometheus`). AccessDenied (403) names what failed.
 */
async function authorize(req: MetricsRequest, iam: IamSystem): Promise<void> {
  const header = String(req.headers.authorization ?? '');
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) {
    throw new S3Error('AccessDenied', 'A bearer token is required (MINIO_PROMETHEUS_AUTH_TYPE is jwt).');
  }
  let subject: string | undefined;
  try {
    subject = decodeJwt(token).sub;
  } catch {
    throw new S3Error('AccessDenied', 'The bearer token is not a JWT.');
  }
  const creds = subject ? await iam.lookup(subject) : null;
  if (!creds) throw new S3Error('AccessDenied', 'The bearer token names no known access key.');
  try {
    await jwtVerify(token, new TextEncoder().encode(creds.secretKey), {
      algorithms: ['HS512', 'HS384', 'HS256'],
    });
  } catch (err) {
    const why = err instanceof joseErrors.JWTExpired ? 'has expired' : 'is not signed by its access key';
    throw new S3Error('AccessDenied', `The bearer token ${why}.`);
  }
  const allowed = await iam.isAllowed({
    identity: creds.identity,
    action: 'admin:Prometheus',
    conditions: { 'aws:SourceIp': [req.sourceIp] },
  });
  if (!allowed) throw new S3Error('AccessDenied', `${subject} is not allowed admin:Prometheus.`);
}

/** Answers one scrape: the group's exposition text, after the token check unless auth is `public`. */
export async function handleMetricsRequest(
  req: MetricsRequest,
  metrics: StoreMetrics,
  iam: IamSystem,
): Promise<HandlerResponse> {
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new S3Error('MethodNotAllowed');
  const group = req.path.slice(METRICS_PREFIX.length) as MetricsGroup;
  if (!GROUPS.has(group)) {
    throw new S3Error('XMinioInvalidResource', `No metrics group '${group}': use cluster, node or bucket.`);
  }
  const authType = (req.authType ?? 'jwt').toLowerCase();
  if (authType !== 'public') await authorize(req, iam);
  const { contentType, body } = await metrics.scrape(group);
  return { status: 200, headers: { 'content-type': contentType }, body };
}
