// SPDX-License-Identifier: Apache-2.0
import type { StorageInfo } from '@stowage/madmin';
import { backendInfoJson, disksJson } from '../backend-info.js';
import type { AdminOperation } from '../call.js';

/** Admin API: StorageInfo — `GET /storageinfo` → `{Disks, Backend}`. */
export const storageInfo: AdminOperation = async (call) => {
  const info = await call.ctx.layer.storageInfo();
  return call.ok({ Disks: disksJson(info), Backend: backendInfoJson(call.ctx, info) } satisfies StorageInfo);
};
