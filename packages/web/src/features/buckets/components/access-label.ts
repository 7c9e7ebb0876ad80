// SPDX-License-Identifier: Apache-2.0
import type { BucketRwAccess } from '@stowage/contracts';

/** The access column of the bucket list (spec 1 §2.4): R, W or R/W. */
export function accessLabel(access: BucketRwAccess): string {
  if (access.read && access.write) return 'R/W';
  if (access.read) return 'R';
  if (access.write) return 'W';
  return '-';
}

export function accessDescription(access: BucketRwAccess): string {
  if (access.read && access.write) return 'Read and write';
  if (access.read) return 'Read only';
  if (access.write) return 'Write only';
  return 'No access';
}
