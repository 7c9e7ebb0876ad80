// SPDX-License-Identifier: Apache-2.0
import type { SessionManagementApi } from '@stowage/contracts';
import { RGW_NO_ADMIN_CAPS } from './rules.js';

/** What the console offers through Ceph RGW's Admin Ops (issue 36), in the words the session shows. */
export const RGW_ADMIN_OPS_FEATURES = [
  'users and their keys',
  'quotas',
  'usage',
  'bucket ownership',
  'bucket index check',
] as const;

const RGW_ADMIN_OPS = "Ceph RGW's Admin Ops";

/**
 * The management APIs sign-in met, for the session: RGW's Admin Ops with what they enable, or — on RGW, for
 * a user without admin caps — why they are absent. Other servers get no entry (MinIO's admin API decides
 * the pages through the user's policy).
 */
export function managementApis(caps: readonly string[] | undefined): SessionManagementApi[] {
  const features = [...RGW_ADMIN_OPS_FEATURES];
  if (caps?.includes('rgw-admin')) return [{ name: RGW_ADMIN_OPS, available: true, features }];
  if (caps?.includes(RGW_NO_ADMIN_CAPS)) {
    return [
      {
        name: RGW_ADMIN_OPS,
        available: false,
        features,
        reason:
          'your RGW user has no admin caps: an RGW administrator can add them with radosgw-admin caps add --caps="users=*;buckets=*;metadata=*;usage=*"',
      },
    ];
  }
  return [];
}
