// SPDX-License-Identifier: Apache-2.0
// Admin API: bucket remote targets (PROTOCOL-NOTES §2; madmin-go remote-target-commands.go).
import { type AdminTransport, parseJson, requireArg } from '../transport.js';
import {
  type BucketTarget,
  bucketTargetsSchema,
  setRemoteTargetResponseSchema,
  type TargetUpdateType,
} from '../types/remote-targets.js';

/** `GET /list-remote-targets?bucket=&type=` (an empty bucket lists every bucket's targets). */
export async function listRemoteTargets(
  t: AdminTransport,
  bucket = '',
  arnType = '',
): Promise<BucketTarget[]> {
  return (
    (await t.json(bucketTargetsSchema, {
      method: 'GET',
      path: '/list-remote-targets',
      query: { bucket, type: arnType },
    })) ?? []
  );
}

async function putTarget(
  t: AdminTransport,
  target: BucketTarget,
  query: Record<string, string>,
): Promise<string> {
  const raw = await t.bytes({
    method: 'PUT',
    path: '/set-remote-target',
    query,
    body: JSON.stringify(target),
    encrypt: true,
  });
  return parseJson(setRemoteTargetResponseSchema, raw, 'set-remote-target');
}

/** `PUT /set-remote-target?bucket=` **E** BucketTarget → the new target's ARN. */
export async function setRemoteTarget(
  t: AdminTransport,
  bucket: string,
  target: BucketTarget,
): Promise<string> {
  return putTarget(t, target, { bucket: requireArg(bucket, 'bucket') });
}

/** `PUT /set-remote-target?bucket=&update=true&<what>=true` **E**: edits an existing target. */
export async function updateRemoteTarget(
  t: AdminTransport,
  target: BucketTarget,
  ops: readonly TargetUpdateType[],
): Promise<string> {
  const query: Record<string, string> = {
    bucket: requireArg(target.sourcebucket, 'sourcebucket'),
    update: 'true',
  };
  for (const op of ops) query[op] = 'true';
  return putTarget(t, target, query);
}

/** `DELETE /remove-remote-target?bucket=&arn=` (204). */
export async function removeRemoteTarget(t: AdminTransport, bucket: string, arn: string): Promise<void> {
  await t.empty({
    method: 'DELETE',
    path: '/remove-remote-target',
    query: { bucket: requireArg(bucket, 'bucket'), arn: requireArg(arn, 'arn') },
  });
}
