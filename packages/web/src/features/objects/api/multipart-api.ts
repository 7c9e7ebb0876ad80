// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  completeMultipartUploadResponseSchema,
  fillApiPath,
  listUploadPartsResponseSchema,
  multipartUploadSchema,
  uploadedPartSchema,
} from '@stowage/contracts';
import { apiRequest, apiUpload } from '@/shared/api/client';
import type { MultipartTransport, UploadTarget } from '../lib/multipart-upload';

/**
 * The console's multipart endpoints (issue 35) as the upload manager's {@link MultipartTransport}. A lost
 * network does not end the session here: the upload pauses and continues (a 401 still does).
 */
const keepSession = { endSessionOnNetworkFailure: false } as const;

const uploadPath = (t: UploadTarget): string =>
  fillApiPath(apiPaths.multipartUpload, { bucket: t.bucket, uploadId: t.uploadId });

export const multipartApi: MultipartTransport = {
  async create(bucket, key, contentType) {
    const created = await apiRequest(fillApiPath(apiPaths.multipartUploads, { bucket }), {
      method: 'POST',
      body: { key, content_type: contentType },
      schema: multipartUploadSchema,
      ...keepSession,
    });
    return created.upload_id;
  },

  putPart(target, partNumber, body, onProgress) {
    const path = fillApiPath(apiPaths.multipartPart, {
      bucket: target.bucket,
      uploadId: target.uploadId,
      partNumber: String(partNumber),
    });
    const upload = apiUpload(path, {
      method: 'PUT',
      body,
      query: { key: target.key },
      schema: uploadedPartSchema,
      onProgress: (loaded) => onProgress(loaded),
    });
    return { promise: upload.promise.then((p) => ({ etag: p.etag })), abort: upload.abort };
  },

  async listParts(target) {
    const listed = await apiRequest(uploadPath(target), {
      query: { key: target.key },
      schema: listUploadPartsResponseSchema,
      ...keepSession,
    });
    return listed.parts.map((p) => ({ partNumber: p.part_number, etag: p.etag, size: p.size }));
  },

  async complete(target, parts) {
    await apiRequest(uploadPath(target), {
      method: 'POST',
      query: { key: target.key },
      body: { parts: parts.map((p) => ({ part_number: p.partNumber, etag: p.etag })) },
      schema: completeMultipartUploadResponseSchema,
      ...keepSession,
    });
  },

  async abort(target) {
    await apiRequest(uploadPath(target), { method: 'DELETE', query: { key: target.key }, ...keepSession });
  },
};
