// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type BucketEncryptionInfo,
  bucketEncryptionInfoSchema,
  type EnableBucketEncryptionRequest,
  fillApiPath,
} from '@stowage/contracts';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { bucketKeys } from '@/shared/buckets/bucket-keys';

/** What the Enable Encryption dialog saves: a type, or `disabled` (spec 1 §4 "Encryption"). */
export type EncryptionChoice = { encType: 'disabled' } | EnableBucketEncryptionRequest;

/** POST …/encryption/enable or …/encryption/disable. */
export function setBucketEncryption(bucket: string, choice: EncryptionChoice): Promise<BucketEncryptionInfo> {
  if (choice.encType === 'disabled') {
    return apiRequest(fillApiPath(apiPaths.bucketEncryptionDisable, { bucket }), {
      method: 'POST',
      schema: bucketEncryptionInfoSchema,
    });
  }
  return apiRequest(fillApiPath(apiPaths.bucketEncryptionEnable, { bucket }), {
    method: 'POST',
    body: choice,
    schema: bucketEncryptionInfoSchema,
  });
}

/** Reloads everything shown about the bucket afterwards (spec 1 §2.5 "All data reloads after a modal"). */
export function useSetBucketEncryption(
  bucket: string,
): UseMutationResult<BucketEncryptionInfo, Error, EncryptionChoice> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: EncryptionChoice) => setBucketEncryption(bucket, choice),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bucketKeys.bucket(bucket) }),
  });
}
