// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';
import { siteReplication } from './site-replication-support.js';

/** Admin API: SiteReplicationInfo — `GET /site-replication/info` → J `{enabled, name, sites, serviceAccountAccessKey}`. */
export const siteReplicationInfo: AdminOperation = async (call) => {
  const sr = siteReplication(call);
  const state = sr.state;
  if (!state) return call.ok({ enabled: false });
  return call.ok({
    enabled: true,
    name: state.name,
    sites: sr.peers(),
    serviceAccountAccessKey: state.serviceAccountAccessKey,
  });
};
