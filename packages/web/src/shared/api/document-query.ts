// SPDX-License-Identifier: Apache-2.0
import {
  type QueryKey,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiError } from './api-error';

// A document the console answers whole, to its read and to every write (a bucket's CORS rules, the topic
// list): one query reads it, and each write's answer replaces it in the cache without a second read.

/** Reads the document under `queryKey` while `enabled`. */
export function useDocumentQuery<T>(
  queryKey: QueryKey,
  read: (signal: AbortSignal) => Promise<T>,
  enabled: boolean,
): UseQueryResult<T> {
  return useQuery({ queryKey, queryFn: ({ signal }) => read(signal), enabled });
}

/** Writes the document; the answer replaces what the query under `queryKey` holds. */
export function useDocumentWrite<T, V>(
  queryKey: QueryKey,
  write: (variables: V) => Promise<T>,
): UseMutationResult<T, ApiError, V> {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: (data) => queryClient.setQueryData(queryKey, data) });
}
