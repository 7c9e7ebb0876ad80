// SPDX-License-Identifier: Apache-2.0
/** Query keys of the session area (one factory per area). */
export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
};
