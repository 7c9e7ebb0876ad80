// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';

/**
 * Admin API: GetConfig — `GET /config` → **E** the whole configuration as text (`mc admin config
 * export`): one line per set and target, each after its environment-override comment lines.
 */
export const getConfig: AdminOperation = async (call) =>
  call.encryptedBytes(Buffer.from(call.ctx.config.exportText(), 'utf8'));
