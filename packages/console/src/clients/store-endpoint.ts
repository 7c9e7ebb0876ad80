// SPDX-License-Identifier: Apache-2.0
import { type ConnectionOptions, createConnection, type StoreConnection } from './connection.js';

/** The pieces of `AppOptions.s3Endpoint` both clients need. */
export interface StoreEndpoint {
  url: string;
  host: string;
  port: number;
  useSSL: boolean;
  /** Region as configured ('' = let the server choose): STS and the admin API are signed with it. */
  region: string;
  /** Region for the S3 SDK, which needs a concrete one to skip a GetBucketLocation round trip. */
  s3Region: string;
  /** TLS trust, timeouts and addressing of every connection to the server. */
  connection: StoreConnection;
}

export function parseStoreEndpoint(
  endpoint: string,
  region: string | undefined,
  connection: ConnectionOptions = {},
): StoreEndpoint {
  const u = new URL(endpoint);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new Error(`s3Endpoint must be http(s)://host:port, got ${endpoint}`);
  }
  const useSSL = u.protocol === 'https:';
  return {
    url: u.origin,
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port === '' ? (useSSL ? 443 : 80) : Number(u.port),
    useSSL,
    region: region ?? '',
    s3Region: region === undefined || region === '' ? 'us-east-1' : region,
    connection: createConnection(useSSL, connection),
  };
}
