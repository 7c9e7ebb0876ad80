// SPDX-License-Identifier: Apache-2.0
import type { HandlerResponse } from '../../core/request.js';
import type { AdminCall } from '../call.js';

/** madmin's ConfigAppliedHeader: present (`true`) when a saved change needs no restart. */
export const CONFIG_APPLIED_HEADER = 'x-minio-config-applied';

/** The answer of a configuration save: 200, with the applied header when it took effect at once. */
export function configApplied(call: AdminCall, result: { applied: boolean }): HandlerResponse {
  const res = call.ok();
  return result.applied ? { ...res, headers: { [CONFIG_APPLIED_HEADER]: 'true' } } : res;
}
