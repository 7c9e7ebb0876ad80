// SPDX-License-Identifier: Apache-2.0
/** Query keys of the sign-in area (one factory per area). */
export const authKeys = {
  all: ['auth'] as const,
  strategy: () => [...authKeys.all, 'strategy'] as const,
};
