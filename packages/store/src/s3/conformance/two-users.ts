// SPDX-License-Identifier: Apache-2.0
import { MadminClient } from '@stowage/madmin';
import { ROOT_PASSWORD, ROOT_USER, type TestStore } from './harness.js';

/** The two users the ownership tests act as (besides root), with their secret keys. */
export const USERS = { alice: 'alice-secret-key-1', bob: 'bob-secret-key-1' } as const;

const allow = (Action: string[], Resource: string[], extra: Record<string, unknown> = {}) => ({
  Effect: 'Allow',
  Action,
  Resource,
  ...extra,
});

/**
 * Adds alice and bob to a test store. Both may create buckets and use their own (`<name>-*`); bob may
 * also read objects of `alice-tagged` whose existing tag is share=bob, never those tagged secret=yes
 * (s3:ExistingObjectTag in an identity policy). Nothing else of alice's is bob's unless an ACL says so.
 */
export async function addTwoUsers(t: TestStore): Promise<MadminClient> {
  const admin = new MadminClient({ endpoint: t.store.url, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD });
  for (const [user, secret] of Object.entries(USERS)) {
    await admin.addUser(user, secret);
    await admin.addCannedPolicy(`own-${user}`, {
      Version: '2012-10-17',
      Statement: [
        allow(['s3:CreateBucket', 's3:ListAllMyBuckets'], ['arn:aws:s3:::*']),
        allow(['s3:*'], [`arn:aws:s3:::${user}-*`, `arn:aws:s3:::${user}-*/*`]),
      ],
    });
  }
  await admin.addCannedPolicy('tag-reader', {
    Version: '2012-10-17',
    Statement: [
      allow(['s3:GetObject'], ['arn:aws:s3:::alice-tagged/*'], {
        Condition: { StringEquals: { 's3:ExistingObjectTag/share': 'bob' } },
      }),
      {
        Effect: 'Deny',
        Action: ['s3:GetObject'],
        Resource: ['arn:aws:s3:::alice-tagged/*'],
        Condition: { StringEquals: { 's3:ExistingObjectTag/secret': 'yes' } },
      },
    ],
  });
  await admin.setPolicy('own-alice', 'alice', false);
  await admin.setPolicy(['own-bob', 'tag-reader'], 'bob', false);
  return admin;
}
