// SPDX-License-Identifier: Apache-2.0
import { configHelp } from '../../config/help.js';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: HelpConfigKV — `GET /help-config-kv?subSys=&key=[&env]` → J `{subSys, description,
 * multipleTargets, keysHelp[{key, description, optional, type, multipleTargets}]}`; `subSys` '' lists
 * every set, `env` names keys by their environment variables.
 */
export const helpConfigKV: AdminOperation = async (call) => {
  const q = call.query;
  return call.ok(configHelp(call.ctx.config.sets, q.get('subSys') ?? '', q.get('key') ?? '', q.has('env')));
};
