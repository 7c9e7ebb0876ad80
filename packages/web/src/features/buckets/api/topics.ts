// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type CreateTopicRequest,
  fillApiPath,
  type ListTopicsResponse,
  listTopicsResponseSchema,
} from '@stowage/contracts';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { useDocumentQuery, useDocumentWrite } from '@/shared/api/document-query';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** Topics are the user's, not a bucket's: one key under the bucket area. */
const topicsKey = [...bucketKeys.all, 'topics'] as const;

/** GET /api/v1/topics (Ceph RGW's SNS-compatible topics, issue 36). */
export function listTopics(signal?: AbortSignal): Promise<ListTopicsResponse> {
  return apiRequest(apiPaths.topics, { schema: listTopicsResponseSchema, signal });
}

export function useTopics(enabled: boolean): UseQueryResult<ListTopicsResponse> {
  return useDocumentQuery(topicsKey, listTopics, enabled);
}

/** Create Topic (POST) or delete one by name (DELETE). */
export type TopicWrite = { op: 'create'; body: CreateTopicRequest } | { op: 'delete'; name: string };

export function writeTopic(write: TopicWrite): Promise<ListTopicsResponse> {
  const schema = listTopicsResponseSchema;
  if (write.op === 'create') return apiRequest(apiPaths.topics, { method: 'POST', body: write.body, schema });
  return apiRequest(fillApiPath(apiPaths.topic, { name: write.name }), { method: 'DELETE', schema });
}

export function useTopicWrite(): UseMutationResult<ListTopicsResponse, ApiError, TopicWrite> {
  return useDocumentWrite(topicsKey, writeTopic);
}
