// SPDX-License-Identifier: Apache-2.0
import { apiPaths, type KmsKeysResponse, kmsKeysResponseSchema } from '@stowage/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';

/** Query keys of the KMS (the KMS page and the bucket encryption dialog read the same keys). */
export const kmsKeys = {
  all: ['kms'] as const,
  status: () => [...kmsKeys.all, 'status'] as const,
  keys: () => [...kmsKeys.all, 'keys'] as const,
};

/** GET /api/v1/kms/keys: the server's KMS keys (fails on servers without MinIO's KMS API). */
export function useKmsKeys(enabled = true): UseQueryResult<KmsKeysResponse> {
  return useQuery({
    queryKey: kmsKeys.keys(),
    queryFn: ({ signal }) => apiRequest(apiPaths.kmsKeys, { schema: kmsKeysResponseSchema, signal }),
    enabled,
    retry: false,
  });
}
