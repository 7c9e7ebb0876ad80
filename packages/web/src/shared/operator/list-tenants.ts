// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  type ListTenantsResponse,
  listTenantsResponseSchema,
} from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ApiError } from '../api/api-error';
import { apiRequest } from '../api/client';
import { tenantKeys } from './tenant-keys';

/** GET /api/v1/tenants (spec 3 §7): every tenant. */
export function listTenants(signal?: AbortSignal): Promise<ListTenantsResponse> {
  return apiRequest(apiPaths.tenants, { schema: listTenantsResponseSchema, signal });
}

export function useTenants(): UseQueryResult<ListTenantsResponse, ApiError> {
  return useQuery({ queryKey: tenantKeys.tenants(), queryFn: ({ signal }) => listTenants(signal) });
}

/** GET /api/v1/namespaces/{ns}/tenants: the tenants of one namespace (the wizard's one-per-namespace check). */
export function listNamespaceTenants(ns: string, signal?: AbortSignal): Promise<ListTenantsResponse> {
  return apiRequest(fillApiPath(apiPaths.namespaceTenants, { ns }), {
    schema: listTenantsResponseSchema,
    signal,
  });
}
