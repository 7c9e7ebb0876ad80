// SPDX-License-Identifier: Apache-2.0
/** Series colours, distinct in light and dark mode. */
const COLORS = ['#2f7ed8', '#e0663a', '#2aa876', '#9b59b6', '#d4a017', '#16a2b8', '#e84a8a', '#7f8c8d'];

export function seriesColor(i: number): string {
  return COLORS[i % COLORS.length] ?? '#2f7ed8';
}
