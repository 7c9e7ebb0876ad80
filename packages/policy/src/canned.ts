// SPDX-License-Identifier: Apache-2.0
import { parsePolicy } from './parse.js';
import type { Policy } from './types.js';

/**
 * MinIO's built-in canned policies (minio/pkg iam/policy constants; PROTOCOL-NOTES §4). They always
 * exist; an administrator may overwrite them but not remove them.
 */
export const CANNED_POLICY_DOCUMENTS: Readonly<Record<string, object>> = {
  readwrite: {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] }],
  },
  readonly: {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: ['s3:GetBucketLocation', 's3:GetObject'], Resource: ['arn:aws:s3:::*'] },
    ],
  },
  writeonly: {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:PutObject'], Resource: ['arn:aws:s3:::*'] }],
  },
  diagnostics: {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: [
          'admin:Profiling',
          'admin:ServerTrace',
          'admin:ConsoleLog',
          'admin:ServerInfo',
          'admin:TopLocksInfo',
          'admin:OBDInfo',
          'admin:BandwidthMonitor',
          'admin:Prometheus',
        ],
        Resource: ['arn:aws:s3:::*'],
      },
    ],
  },
  consoleAdmin: {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: ['admin:*'] },
      { Effect: 'Allow', Action: ['kms:*'] },
      { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] },
    ],
  },
};

/** The built-in policy names, in MinIO's order. */
export const CANNED_POLICY_NAMES: readonly string[] = Object.keys(CANNED_POLICY_DOCUMENTS);

/** Parsed built-ins, keyed by name. */
export function cannedPolicies(): Map<string, Policy> {
  return new Map(Object.entries(CANNED_POLICY_DOCUMENTS).map(([n, d]) => [n, parsePolicy(d)]));
}

/** The effective policy of the root user (what accountinfo reports for root). */
export const ROOT_POLICY_NAME = 'consoleAdmin';
