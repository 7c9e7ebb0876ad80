// SPDX-License-Identifier: Apache-2.0
export const slowOperationText = 'This operation is taking longer than expected...';

/**
 * The text of a long wait (spec 1 §4 "Loading message"): the label at first, after 3 s a note that it takes
 * longer than expected, and from 6 s on the elapsed seconds too.
 */
export function loadingText(label: string, seconds: number): string {
  if (seconds < 3) return label;
  if (seconds < 6) return slowOperationText;
  return `${slowOperationText} (${seconds}s)`;
}
