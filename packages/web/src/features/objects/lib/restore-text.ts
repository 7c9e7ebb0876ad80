// SPDX-License-Identifier: Apache-2.0
import { formatDateTime } from '@/shared/format/format-date';

/** The `x-amz-restore` state in words: in progress, or a local copy until a date. */
export function restoreText(restore: string | undefined): string {
  if (!restore) return '';
  if (restore.includes('ongoing-request="true"')) return 'restore in progress';
  const until = /expiry-date="([^"]+)"/.exec(restore)?.[1];
  return until === undefined ? '' : `restored until ${formatDateTime(until)}`;
}
