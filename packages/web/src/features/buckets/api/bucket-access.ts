// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketOwnershipControls,
  type BucketPublicAccessBlock,
  bucketOwnershipControlsSchema,
  bucketPublicAccessBlockSchema,
  fillApiPath,
  type OwnershipControls,
  type PublicAccessBlock,
} from '@stowage/contracts';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';
import { useDocumentQuery, useDocumentWrite } from '@/shared/api/document-query';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/**
 * A bucket's access controls (issue 36): `/api/v1/buckets/{bucket}/public-access-block` and
 * `/ownership-controls`, each read, set with PUT and removed with DELETE (both answer it as read back).
 */

interface AccessSettingApi<T> {
  path: string;
  key: string;
  schema: z.ZodType<T>;
}

const publicAccessBlockApi: AccessSettingApi<BucketPublicAccessBlock> = {
  path: apiPaths.bucketPublicAccessBlock,
  key: 'public-access-block',
  schema: bucketPublicAccessBlockSchema,
};
const ownershipApi: AccessSettingApi<BucketOwnershipControls> = {
  path: apiPaths.bucketOwnershipControls,
  key: 'ownership-controls',
  schema: bucketOwnershipControlsSchema,
};

function useAccessSetting<T>(api: AccessSettingApi<T>, bucket: string, enabled: boolean): UseQueryResult<T> {
  return useDocumentQuery(
    [...bucketKeys.bucket(bucket), api.key],
    (signal) => apiRequest(fillApiPath(api.path, { bucket }), { schema: api.schema, signal }),
    enabled,
  );
}

/** PUT the setting (a body) or DELETE it (undefined); the answer replaces the cached one. */
function useChangeAccessSetting<T, B>(
  api: AccessSettingApi<T>,
  bucket: string,
): UseMutationResult<T, ApiError, B | undefined> {
  return useDocumentWrite([...bucketKeys.bucket(bucket), api.key], (body: B | undefined) =>
    apiRequest(fillApiPath(api.path, { bucket }), {
      method: body === undefined ? 'DELETE' : 'PUT',
      body,
      schema: api.schema,
    }),
  );
}

export function usePublicAccessBlock(
  bucket: string,
  enabled: boolean,
): UseQueryResult<BucketPublicAccessBlock> {
  return useAccessSetting(publicAccessBlockApi, bucket, enabled);
}

/** Sets the four switches, or removes the block (undefined). */
export function useChangePublicAccessBlock(
  bucket: string,
): UseMutationResult<BucketPublicAccessBlock, ApiError, PublicAccessBlock | undefined> {
  return useChangeAccessSetting(publicAccessBlockApi, bucket);
}

export function useOwnershipControls(
  bucket: string,
  enabled: boolean,
): UseQueryResult<BucketOwnershipControls> {
  return useAccessSetting(ownershipApi, bucket, enabled);
}

/** Sets Object Ownership, or removes the bucket's ownership controls (undefined). */
export function useChangeOwnershipControls(
  bucket: string,
): UseMutationResult<BucketOwnershipControls, ApiError, OwnershipControls | undefined> {
  return useChangeAccessSetting(ownershipApi, bucket);
}
