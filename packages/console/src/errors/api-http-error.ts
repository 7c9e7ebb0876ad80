// SPDX-License-Identifier: Apache-2.0
import type { ApiError } from '@stowage/contracts';

/**
 * The one error type of the REST API: a status and the `{errorMessage, detailedError}` body (spec 1 §3,
 * §8). Routes throw it (usually through `apiErrors`), the error handler renders it.
 */
export class ApiHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorMessage: string,
    readonly detailedError: string,
    options?: { cause?: unknown },
  ) {
    super(errorMessage, options);
    this.name = 'ApiHttpError';
  }

  toBody(): ApiError {
    return { errorMessage: this.errorMessage, detailedError: this.detailedError };
  }
}

/** Named factories, so every place that fails the same way says the same thing. */
export const apiErrors = {
  badRequest: (detail: string): ApiHttpError => new ApiHttpError(400, 'Invalid request', detail),
  unauthorized: (detail = 'Sign in to continue.'): ApiHttpError =>
    new ApiHttpError(401, 'Unauthorized', detail),
  sessionExpired: (): ApiHttpError =>
    new ApiHttpError(401, 'Session expired', 'Your session has expired. Sign in again.'),
  invalidLogin: (detail: string, cause?: unknown): ApiHttpError =>
    new ApiHttpError(401, 'Invalid Login.', detail, { cause }),
  forbidden: (detail: string, cause?: unknown): ApiHttpError =>
    new ApiHttpError(403, 'Access Denied', detail, { cause }),
  crossSite: (detail: string): ApiHttpError => new ApiHttpError(403, 'Cross-site request refused', detail),
  notFound: (detail: string, cause?: unknown): ApiHttpError =>
    new ApiHttpError(404, 'Not found', detail, { cause }),
  conflict: (message: string, detail: string, cause?: unknown): ApiHttpError =>
    new ApiHttpError(409, message, detail, { cause }),
  tooManyRequests: (detail: string): ApiHttpError => new ApiHttpError(429, 'Too many requests', detail),
  storeUnreachable: (detail: string, cause?: unknown): ApiHttpError =>
    new ApiHttpError(503, 'The storage server cannot be reached', detail, { cause }),
  /** The server lacks what the call needs (issue 24: e.g. MinIO's admin API on Ceph RGW or s3rver). */
  notProvided: (message: string, detail: string): ApiHttpError => new ApiHttpError(501, message, detail),
  internal: (
    detail = 'An unexpected error occurred in the console; its log has the details.',
  ): ApiHttpError => new ApiHttpError(500, 'Internal server error', detail),
} as const;
