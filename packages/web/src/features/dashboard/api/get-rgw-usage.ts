// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type RgwCapacity,
  type RgwUsage,
  rgwCapacitySchema,
  rgwUsageSchema,
} from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { dashboardKeys } from './get-admin-info';

/** A usage range as RGW's usage log takes it: UTC dates, `end` exclusive. */
export interface RgwUsageRange {
  start: string;
  end: string;
}

/** GET /api/v1/rgw/usage: operations and bytes per user and category in the range (issue 36). */
export function getRgwUsage(range: RgwUsageRange, signal?: AbortSignal): Promise<RgwUsage> {
  return apiRequest(apiPaths.rgwUsage, { query: { ...range }, schema: rgwUsageSchema, signal });
}

/** The usage of the range; not asked while the range is invalid (null). */
export function useRgwUsage(range: RgwUsageRange | null): UseQueryResult<RgwUsage> {
  return useQuery({
    queryKey: [...dashboardKeys.rgw(), 'usage', range],
    queryFn: ({ signal }) => getRgwUsage(range as RgwUsageRange, signal),
    enabled: range !== null,
  });
}

/** GET /api/v1/rgw/capacity: the space RGW's buckets use. */
export function getRgwCapacity(signal?: AbortSignal): Promise<RgwCapacity> {
  return apiRequest(apiPaths.rgwCapacity, { schema: rgwCapacitySchema, signal });
}

export function useRgwCapacity(): UseQueryResult<RgwCapacity> {
  return useQuery({
    queryKey: [...dashboardKeys.rgw(), 'capacity'],
    queryFn: ({ signal }) => getRgwCapacity(signal),
  });
}
