// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  fillApiPath,
  type ResourceQuota,
  resourceQuotaSchema,
  STORAGE_CLASS_QUOTA_SUFFIX,
  storageQuotaName,
} from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ApiError } from '../api/api-error';
import { apiRequest } from '../api/client';
import { tenantKeys } from './tenant-keys';

/** GET /api/v1/namespaces/{ns}/resourcequotas/{ns}-storagequota: what each storage class may hand out. */
export function getStorageQuota(ns: string, signal?: AbortSignal): Promise<ResourceQuota> {
  return apiRequest(fillApiPath(apiPaths.resourceQuota, { ns, quota: storageQuotaName(ns) }), {
    schema: resourceQuotaSchema,
    signal,
  });
}

export function useStorageQuota(ns: string): UseQueryResult<ResourceQuota, ApiError> {
  return useQuery({
    queryKey: tenantKeys.quota(ns),
    queryFn: ({ signal }) => getStorageQuota(ns, signal),
    enabled: ns !== '',
  });
}

/** A storage class of the quota: its name and the bytes it can still hand out (hard − used). */
export interface StorageClassLimit {
  name: string;
  limit: number;
}

/** The storage classes named by a quota's elements (spec 3 §3 "Resource quota elements"). */
export function storageClassLimits(quota: ResourceQuota | undefined): StorageClassLimit[] {
  return (quota?.elements ?? [])
    .filter((e) => e.name.endsWith(STORAGE_CLASS_QUOTA_SUFFIX))
    .map((e) => ({
      name: e.name.slice(0, -STORAGE_CLASS_QUOTA_SUFFIX.length),
      limit: Math.max(0, e.hard - e.used),
    }));
}
