// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type ConfigCheckResponse,
  configCheckResponseSchema,
  fillApiPath,
  type SetConfigRequest,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';

/** POST /api/v1/configs/{name}/check: tests identity_openid / identity_ldap values before saving. */
export function checkConfig(name: string, body: SetConfigRequest): Promise<ConfigCheckResponse> {
  return apiRequest(fillApiPath(apiPaths.configCheck, { name }), {
    method: 'POST',
    body,
    schema: configCheckResponseSchema,
  });
}

export function useConfigCheck(
  name: string,
): UseMutationResult<ConfigCheckResponse, ApiError, SetConfigRequest> {
  return useMutation({ mutationFn: (body) => checkConfig(name, body) });
}

/** The sets whose values can be tested against the identity provider they name. */
export function isTestable(name: string): boolean {
  const subSys = name.split(':')[0];
  return subSys === 'identity_openid' || subSys === 'identity_ldap';
}
