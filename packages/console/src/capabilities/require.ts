// SPDX-License-Identifier: Apache-2.0
import { type Capability, offersCapability } from '@stowage/contracts';
import type { StoreEndpoint } from '../clients/store-endpoint.js';
import { apiErrors } from '../errors/api-http-error.js';
import type { ConsoleSession } from '../session/session-plugin.js';

/** How the answers name each bucket feature. */
const featureNames: Record<Capability, string> = {
  admin: "MinIO's admin API",
  sts: 'STS',
  versioning: 'bucket versioning',
  'object-lock': 'object locking',
  tagging: 'bucket tagging',
  lifecycle: 'lifecycle rules',
  replication: 'bucket replication',
  notifications: 'bucket event notifications',
  encryption: 'bucket encryption',
  policy: 'bucket policies',
  cors: 'bucket CORS rules',
  'public-access-block': 'public access blocks',
  'ownership-controls': 'object ownership controls',
  topics: 'SNS-compatible topics',
  'rgw-admin': "Ceph RGW's Admin Ops API",
};

/**
 * Fails with 501 when the session's server lacks `capability` (issue 24), so a call it cannot serve says
 * why instead of passing on whatever the server answers (s3rver lists a bucket for `?versioning`).
 */
export function requireCapability(
  session: ConsoleSession,
  endpoint: StoreEndpoint,
  capability: Capability,
): void {
  if (offersCapability(session.credentials.caps, capability)) return;
  const name = featureNames[capability];
  throw apiErrors.notProvided(
    `This server does not provide ${name}`,
    `${endpoint.url} did not offer ${name} when you signed in (its answer to the probe was NotImplemented or not understood), so this setting is not available here.`,
  );
}
