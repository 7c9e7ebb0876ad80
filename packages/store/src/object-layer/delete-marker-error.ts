// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';

/**
 * Thrown when the addressed version is a delete marker: NoSuchKey for the latest version, and
 * MethodNotAllowed when a delete marker's versionId is given (S3 API: GetObject on a delete marker).
 * The S3 layer renders it as usual and adds `x-amz-delete-marker: true` and `x-amz-version-id`.
 */
export class DeleteMarkerError extends S3Error {
  readonly deleteMarker = true;
  readonly versionId: string;
  readonly lastModified: Date;

  constructor(
    code: 'NoSuchKey' | 'MethodNotAllowed',
    extra: Record<string, string>,
    versionId: string,
    lastModified: Date,
  ) {
    super(code, undefined, extra);
    this.versionId = versionId;
    this.lastModified = lastModified;
    // S3 API: GetObject/HeadObject on a delete marker answer with these headers.
    const h = (this as unknown as { headers?: Record<string, string> }).headers;
    if (h) {
      Object.assign(h, {
        'x-amz-delete-marker': 'true',
        'x-amz-version-id': versionId,
        'last-modified': lastModified.toUTCString(),
      });
    }
  }
}

export function isDeleteMarkerError(err: unknown): err is DeleteMarkerError {
  return err instanceof DeleteMarkerError;
}
