// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * Uploads the browser can resume (issue 35): the console exposes S3 multipart uploads step by step, so the
 * browser keeps the upload id and its finished parts and, after a reload, a lost network or a console
 * restart, asks which parts the store has (ListParts) and sends only the missing ones.
 */

/** Largest part the console accepts in one request (S3 wants ≥ 5 MiB for every part but the last). */
export const MULTIPART_MAX_PART_BYTES = 64 * 1024 * 1024;

export const multipartParamsSchema = z.object({ bucket: z.string().min(1), uploadId: z.string().min(1) });
export const multipartPartParamsSchema = multipartParamsSchema.extend({
  partNumber: z.coerce.number().int().min(1).max(10_000),
});
export const multipartKeyQuerySchema = z.object({
  key: z.string().min(1, 'key (the object name) is required'),
});

/** POST /api/v1/buckets/{bucket}/multipart-uploads body. */
export const createMultipartUploadRequestSchema = z
  .object({ key: z.string().min(1), content_type: z.string().optional() })
  .meta({ id: 'CreateMultipartUploadRequest' });
export type CreateMultipartUploadRequest = z.infer<typeof createMultipartUploadRequestSchema>;

export const multipartUploadSchema = z
  .object({ upload_id: z.string(), key: z.string() })
  .meta({ id: 'MultipartUpload' });
export type MultipartUpload = z.infer<typeof multipartUploadSchema>;

export const uploadedPartSchema = z
  .object({ part_number: z.number().int(), etag: z.string(), size: z.number().int().nonnegative() })
  .meta({ id: 'UploadedPart' });
export type UploadedPart = z.infer<typeof uploadedPartSchema>;

export const listUploadPartsResponseSchema = z
  .object({ parts: z.array(uploadedPartSchema) })
  .meta({ id: 'ListUploadPartsResponse' });
export type ListUploadPartsResponse = z.infer<typeof listUploadPartsResponseSchema>;

export const completeMultipartUploadRequestSchema = z
  .object({
    parts: z
      .array(z.object({ part_number: z.number().int().min(1).max(10_000), etag: z.string().min(1) }))
      .min(1, 'An upload needs at least one part'),
  })
  .meta({ id: 'CompleteMultipartUploadRequest' });
export type CompleteMultipartUploadRequest = z.infer<typeof completeMultipartUploadRequestSchema>;

export const completeMultipartUploadResponseSchema = z
  .object({ key: z.string(), etag: z.string(), version_id: z.string().optional() })
  .meta({ id: 'CompleteMultipartUploadResponse' });
