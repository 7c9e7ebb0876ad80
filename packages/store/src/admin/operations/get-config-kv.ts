// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';

/**
 * Admin API: GetConfigKV — `GET /get-config-kv?key=subsys[:target]` → **E** text: for each target, the
 * `# MINIO_…=…` lines of its environment overrides, then `subsys[:target] k=v …` with every key's stored
 * (or default) value. A set without a target lists all its targets.
 */
export const getConfigKV: AdminOperation = async (call) => {
  const text = call.ctx.config.text(call.param('key'));
  return call.encryptedBytes(Buffer.from(text, 'utf8'));
};
