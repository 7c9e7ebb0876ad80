// SPDX-License-Identifier: Apache-2.0
import multipart from '@fastify/multipart';
import {
  apiErrorSchema,
  apiPaths,
  objectRouteParamsSchema,
  type UploadObjectsResponse,
  uploadObjectsQuerySchema,
  uploadObjectsResponseSchema,
} from '@stowage/contracts';
import type * as Minio from 'minio';
import { apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { checkKeyPath, uploadKey } from './object-keys.js';

/**
 * Part size of the S3 multipart uploads (S3's minimum is 5 MiB). With `PARTS_IN_FLIGHT` parts uploading
 * while the next one fills, one file upload holds at most (PARTS_IN_FLIGHT + 1) × 6 MiB = 30 MiB for
 * files up to 12 GiB. S3 allows 10,000 parts, so the part size doubles every 2,000 parts: files up to
 * 372 GiB can be uploaded, the largest holding at most 5 × 96 MiB.
 */
export const FIRST_PART_SIZE = 6 * 1024 * 1024;
export const PARTS_IN_FLIGHT = 4;
const PARTS_PER_SIZE = 2000;

function partSize(partNumber: number): number {
  return FIRST_PART_SIZE * 2 ** Math.floor((partNumber - 1) / PARTS_PER_SIZE);
}

/**
 * POST /api/v1/buckets/{bucket}/objects/upload?prefix (spec 1 §7; issue 7 "uploads of any size"): a
 * multipart/form-data body whose file parts (any field name; the browser's upload manager sends one
 * `file` per request) are stored at prefix + file name. Names may hold '/' (folder uploads). Files are
 * streamed: a file up to one part goes up as one PutObject, larger ones as an S3 multipart upload with
 * parts uploading in parallel while the request body is read — reading waits while all part slots are
 * busy, so the client is slowed down by TCP back-pressure rather than buffered. A failed or aborted
 * upload aborts its multipart upload. The multipart parser is registered for this route only, with no
 * size limit; every other route keeps the app's 1 MiB body limit.
 */
export function registerUploadObjects(app: ZodApp, _ctx: RouteContext): void {
  app.register(async (scope: ZodApp) => {
    await scope.register(multipart, {
      limits: { fileSize: Number.POSITIVE_INFINITY, files: 1000, fields: 100, parts: 1100 },
    });
    scope.post(
      apiPaths.objectUpload,
      {
        schema: {
          tags: ['objects'],
          summary: 'Upload files (multipart/form-data) under a prefix',
          consumes: ['multipart/form-data'],
          params: objectRouteParamsSchema,
          querystring: uploadObjectsQuerySchema,
          response: {
            200: uploadObjectsResponseSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request, reply): Promise<UploadObjectsResponse> => {
        const { bucket } = request.params;
        const { prefix } = request.query;
        checkKeyPath('prefix', prefix);
        if (prefix.startsWith('/')) throw apiErrors.badRequest('The prefix must not start with "/".');
        if (!request.isMultipart())
          throw apiErrors.badRequest('The upload must be a multipart/form-data body.');
        const s3 = request.session.s3;
        const stored: UploadObjectsResponse['objects'] = [];
        try {
          // preservePath keeps the '/' of folder uploads in file names (busboy strips paths by default).
          for await (const part of request.parts({ preservePath: true })) {
            if (part.type !== 'file') continue;
            const key = uploadKey(prefix, part.filename);
            const contentType = part.mimetype === '' ? 'application/octet-stream' : part.mimetype;
            const result = await storeStream(s3, bucket, key, contentType, part.file);
            stored.push({ name: key, size: result.size, etag: result.etag });
          }
        } catch (err) {
          // The rest of the body is not read: close the connection after the error answer rather than
          // keep it waiting for a body nobody reads (or for a client that has gone away).
          reply.header('connection', 'close');
          throw err;
        }
        if (stored.length === 0) throw apiErrors.badRequest('The upload holds no file.');
        return { objects: stored };
      },
    );
  });
}

/** Reusable part buffers, so a long upload does not allocate (and leave to the GC) one buffer per part. */
class PartBuffers {
  private free: Buffer[] = [];

  take(size: number): Buffer {
    const b = this.free.pop();
    if (b !== undefined && b.length === size) return b;
    // The part size has grown: older buffers are dropped.
    this.free = [];
    return Buffer.allocUnsafe(size);
  }

  give(b: Buffer): void {
    this.free.push(b);
  }
}

/**
 * Stores one stream at `key`. The first part's bytes are gathered as they come; if the stream ends
 * there it is one PutObject, otherwise a multipart upload (S3 API: CreateMultipartUpload, UploadPart,
 * CompleteMultipartUpload; AbortMultipartUpload on any failure).
 */
async function storeStream(
  s3: Minio.Client,
  bucket: string,
  key: string,
  contentType: string,
  source: AsyncIterable<Buffer>,
): Promise<{ size: number; etag: string }> {
  const buffers = new PartBuffers();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  let uploadId: string | undefined;
  let partNumber = 0;
  let failure: unknown;
  const done: { part: number; etag: string }[] = [];
  const inFlight = new Set<Promise<void>>();

  /** Copies the next part's bytes (`partSize`) from the pending chunks and starts uploading them. */
  const sendPart = async (): Promise<void> => {
    uploadId ??= await s3.initiateNewMultipartUpload(bucket, key, { 'Content-Type': contentType });
    while (inFlight.size >= PARTS_IN_FLIGHT) await Promise.race(inFlight);
    if (failure !== undefined) throw failure;
    const length = partSize(partNumber + 1);
    const buffer = buffers.take(length);
    let filled = 0;
    while (filled < length) {
      const head = pending[0] as Buffer;
      const n = Math.min(head.length, length - filled);
      head.copy(buffer, filled, 0, n);
      filled += n;
      if (n === head.length) pending.shift();
      else pending[0] = head.subarray(n);
    }
    pendingBytes -= length;
    const part = ++partNumber;
    const id = uploadId;
    const upload: Promise<void> = s3
      .uploadPart(
        { bucketName: bucket, objectName: key, uploadID: id, partNumber: part, headers: {} },
        buffer,
      )
      .then(
        (r) => {
          done.push({ part, etag: r.etag });
        },
        (err: unknown) => {
          failure ??= err;
        },
      )
      .finally(() => {
        inFlight.delete(upload);
        buffers.give(buffer);
      });
    inFlight.add(upload);
  };

  try {
    for await (const chunk of source) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      size += chunk.length;
      // A full part is sent only once more data follows it, so a file of exactly one part stays one PUT.
      while (pendingBytes > partSize(partNumber + 1)) await sendPart();
    }
    if (uploadId === undefined) {
      const body = Buffer.concat(pending, pendingBytes);
      pending = [];
      const r = await s3.putObject(bucket, key, body, body.length, { 'Content-Type': contentType });
      return { size, etag: r.etag };
    }
    // The last part: what is left (1 byte up to a part), uploaded like the others.
    const last = Buffer.concat(pending, pendingBytes);
    pending = [];
    const lastPart = ++partNumber;
    const etag = (
      await s3.uploadPart(
        { bucketName: bucket, objectName: key, uploadID: uploadId, partNumber: lastPart, headers: {} },
        last,
      )
    ).etag;
    done.push({ part: lastPart, etag });
    await Promise.all(inFlight);
    if (failure !== undefined) throw failure;
    done.sort((a, b) => a.part - b.part);
    const completed = await s3.completeMultipartUpload(bucket, key, uploadId, done);
    return { size, etag: completed.etag };
  } catch (err) {
    await Promise.allSettled(inFlight);
    if (uploadId !== undefined) await s3.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined);
    throw err;
  }
}
