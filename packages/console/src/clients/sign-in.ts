// SPDX-License-Identifier: Apache-2.0
import { isConnectionFailure } from '../errors/connection-errors.js';
import { assumeRoleForLogin, createS3Client, expectedRegion } from './store-clients.js';
import type { StoreEndpoint } from './store-endpoint.js';

/** What a sign-in yields: the credentials the session signs with, and how it got them. */
export interface SignInCredentials {
  accessKey: string;
  secretKey: string;
  sessionToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  region: string;
  /**
   * `sts`: temporary credentials from AssumeRole. `keys`: the server offers no usable STS, so the session
   * signs with the user's own keys, which stay inside the encrypted session cookie.
   */
  mode: 'sts' | 'keys';
}

/**
 * Checks the user's own keys with the cheapest signed S3 call there is (ListBuckets), following the
 * region the server names when it refuses the one signed for. Returns that region; a wrong key fails
 * with the server's InvalidAccessKeyId / SignatureDoesNotMatch.
 */
async function verifyOwnKeys(endpoint: StoreEndpoint, accessKey: string, secretKey: string): Promise<string> {
  const attempt = (region: string) =>
    createS3Client(
      endpoint,
      { accessKey, secretKey, sessionToken: '', region },
      { signIn: true },
    ).listBuckets();
  let region = endpoint.s3Region;
  try {
    await attempt(region);
  } catch (err) {
    const expected = expectedRegion(err);
    if (expected === undefined || expected === region) throw err;
    region = expected;
    await attempt(region);
  }
  return region;
}

/**
 * Signs in on any S3 server (issue 24): STS AssumeRole where the server offers it (MinIO, the embedded
 * store); where it does not — NotImplemented, MethodNotAllowed, an unknown action, or an STS that needs
 * roles (Ceph RGW answers `InvalidArgument`) — the user's own keys, once a signed ListBuckets proves the
 * server accepts them. Whatever STS answered, ListBuckets decides whether the keys are right, so a server
 * whose STS refuses valid keys never reports them as wrong. A server that cannot be reached fails at once.
 */
export async function signIn(
  endpoint: StoreEndpoint,
  accessKey: string,
  secretKey: string,
  durationSeconds: number,
): Promise<SignInCredentials> {
  try {
    return { ...(await assumeRoleForLogin(endpoint, accessKey, secretKey, durationSeconds)), mode: 'sts' };
  } catch (err) {
    if (isConnectionFailure(err)) throw err;
  }
  const region = await verifyOwnKeys(endpoint, accessKey, secretKey);
  return {
    accessKey,
    secretKey,
    sessionToken: '',
    expiresAt: Date.now() + durationSeconds * 1000,
    region,
    mode: 'keys',
  };
}
