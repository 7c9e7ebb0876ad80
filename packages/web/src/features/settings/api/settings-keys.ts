// SPDX-License-Identifier: Apache-2.0
/** Query keys of the Settings area (spec 2 "Settings"). */
export const settingsKeys = {
  all: ['settings'] as const,
  configList: () => [...settingsKeys.all, 'configs'] as const,
  config: (name: string) => [...settingsKeys.all, 'config', name] as const,
  history: () => [...settingsKeys.all, 'history'] as const,
  idpList: (type: string) => [...settingsKeys.all, 'idp', type] as const,
  idp: (type: string, name: string) => [...settingsKeys.all, 'idp', type, name] as const,
  siteReplication: () => [...settingsKeys.all, 'site-replication'] as const,
  siteReplicationStatus: (entityType = '', entityValue = '') =>
    [...settingsKeys.siteReplication(), 'status', entityType, entityValue] as const,
};
