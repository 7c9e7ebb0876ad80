// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';
import { configApplied } from './config-wire.js';

/**
 * Admin API: SetConfigKV — `PUT /set-config-kv` **E** text `subsys[:target] k=v k2="a b"` (one or more
 * lines; keys not named keep their values). The whole change is checked first: a bad set, key, value or
 * target is XMinioConfigError and nothing changes. `x-minio-config-applied: true` when it took effect
 * at once (every set it touched is dynamic); otherwise it waits for a service restart.
 */
export const setConfigKV: AdminOperation = async (call) => {
  const text = (await call.decrypted()).toString('utf8');
  return configApplied(call, await call.ctx.config.set(text));
};
