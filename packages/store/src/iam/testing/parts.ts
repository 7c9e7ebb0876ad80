// SPDX-License-Identifier: Apache-2.0
import { assembleIam, type IamParts } from '../assembly.js';
import type { BucketPolicySetting } from '../authorization.js';
import type { RootCredentials } from '../context.js';
import { MemorySystemStore } from './memory-system-store.js';

/** Root credentials the IAM unit tests use. */
export const TEST_ROOT: RootCredentials = { accessKey: 'rootadmin', secretKey: 'rootadmin-secret' };

/** A policy document allowing the given actions on every resource. */
export function allowPolicy(...actions: string[]): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: actions, Resource: ['arn:aws:s3:::*'] }],
  });
}

/**
 * The IAM components wired on an in-memory system store, for unit tests of one component with real
 * neighbours. Pass `store` to open a second IAM on the same documents (a restart).
 */
export function testIam(
  store = new MemorySystemStore(),
  setting: BucketPolicySetting = {},
): IamParts & { store: MemorySystemStore } {
  return { store, ...assembleIam(store, TEST_ROOT, setting) };
}
