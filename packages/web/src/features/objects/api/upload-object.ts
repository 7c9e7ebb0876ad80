// SPDX-License-Identifier: Apache-2.0
import { apiPaths, fillApiPath, uploadObjectsResponseSchema } from '@stowage/contracts';
import { errorText, toApiError } from '@/shared/api/api-error';
import { apiUpload } from '@/shared/api/client';
import type { UploadSender, UploadTransfer } from '../lib/upload-queue';

/**
 * POST /api/v1/buckets/{bucket}/objects/upload?prefix (spec 1 §7) through the API client's upload request
 * (progress and abort): one multipart/form-data request per file, its `file` part named with the file's
 * name, stored by the server at prefix + name. A failure's text (message — detail) is what the uploads
 * panel shows.
 */
export const uploadObject: UploadSender = ({ bucket, prefix, file }, onProgress): UploadTransfer => {
  const form = new FormData();
  form.append('file', file, file.name);
  const upload = apiUpload(fillApiPath(apiPaths.objectUpload, { bucket }), {
    body: form,
    query: { prefix },
    schema: uploadObjectsResponseSchema,
    // The request body is the file plus the form's part headers: report progress in the file's bytes.
    onProgress: (loaded, total) =>
      onProgress(total !== undefined && total > 0 ? (loaded / total) * file.size : loaded, file.size),
  });
  const promise = upload.promise.then(
    () => undefined,
    (error: unknown) => {
      const e = toApiError(error);
      throw new Error(errorText(e));
    },
  );
  return { promise, abort: upload.abort };
};
