// SPDX-License-Identifier: Apache-2.0
/**
 * The one error every API call fails with (spec 1 §8). `status` is undefined when the request never got an
 * HTTP answer (network down, backend unreachable).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    /** Longer explanation; undefined when the server sent none or it repeats the message. */
    readonly detail: string | undefined,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when no HTTP answer came back at all. */
  get isNetworkError(): boolean {
    return this.status === undefined;
  }
}

/** Narrowing helper for `catch`/`onError` callbacks that receive `unknown`. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(message || 'Unexpected error', undefined, undefined);
}

/** The one-line text of a failure: 'message — detail', or the message alone. */
export function errorText(error: ApiError): string {
  return error.detail ? `${error.message} — ${error.detail}` : error.message;
}
