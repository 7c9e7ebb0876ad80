// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type CreateKmsKeyRequest,
  type KmsKeysResponse,
  type KmsStatus,
  kmsKeysResponseSchema,
  kmsStatusSchema,
} from '@stowage/contracts';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { kmsKeys } from '@/shared/kms/kms-keys';

/** GET /api/v1/kms/status. */
export function useKmsStatus(): UseQueryResult<KmsStatus> {
  return useQuery({
    queryKey: kmsKeys.status(),
    queryFn: ({ signal }) => apiRequest(apiPaths.kmsStatus, { schema: kmsStatusSchema, signal }),
    retry: false,
  });
}

/** POST /api/v1/kms/keys; the key list reloads afterwards. */
export function useCreateKmsKey(): UseMutationResult<KmsKeysResponse, Error, CreateKmsKeyRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateKmsKeyRequest) =>
      apiRequest(apiPaths.kmsKeys, { method: 'POST', body, schema: kmsKeysResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kmsKeys.all }),
  });
}
