// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema } from '@stowage/contracts';
import type { z } from 'zod';
import { clearUserMarker } from '../session/user-marker';
import { ApiError } from './api-error';
import { withBasePath } from './base-path';

type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue | QueryValue[]>;
  /** The contract schema of the answer; the body is parsed (and rejected) with it at this edge. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** 'text' takes the answer as a string (e.g. the share URL, sent as text/plain), checked by `schema` if given. */
  responseType?: 'json' | 'text';
  /**
   * Whether a 401 or a network failure ends the session (spec 1 §8). The login calls turn it off: there a
   * 401 means "wrong credentials" and a network failure means "backend unreachable", both shown in place.
   */
  endSessionOnAuthFailure?: boolean;
  /**
   * Whether a network failure ends the session; defaults to `endSessionOnAuthFailure`. Uploads that resume
   * turn it off: a lost network pauses them, it does not log the user out.
   */
  endSessionOnNetworkFailure?: boolean;
}

/** Called when the session has ended (401 or no answer); the app replaces it with a router navigation. */
let onSessionEnded: () => void = () => {
  window.location.assign(withBasePath('/login'));
};

/** Lets the app route to /login without a full page load; returns a function that restores the default. */
export function setSessionEndedHandler(handler: () => void): () => void {
  const previous = onSessionEnded;
  onSessionEnded = handler;
  return () => {
    onSessionEnded = previous;
  };
}

function endSession(): void {
  clearUserMarker();
  onSessionEnded();
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const url = withBasePath(path);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null) params.append(name, String(v));
    }
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/** Spec 1 §8: the body's message, else 'Error {status}'; the detail only when it adds something. */
function errorFromBody(status: number, text: string): ApiError {
  let message = `Error ${status}`;
  let detail: string | undefined;
  if (text) {
    try {
      const parsed = apiErrorSchema.safeParse(JSON.parse(text));
      if (parsed.success) {
        if (parsed.data.errorMessage.trim()) message = parsed.data.errorMessage;
        detail = parsed.data.detailedError.trim() || undefined;
      }
    } catch {
      // A non-JSON error body (a proxy's HTML page) keeps the generic message.
    }
  }
  if (detail === message) detail = undefined;
  return new ApiError(message, detail, status);
}

/** A failed answer as an {@link ApiError}; a 401 ends the session unless the caller turned that off. */
function failedAnswer(status: number, text: string, endSessionOnAuthFailure: boolean): ApiError {
  const error = errorFromBody(status, text);
  if (status === 401 && endSessionOnAuthFailure) endSession();
  return error;
}

/** A successful answer's body, parsed as JSON (unless 'text') and checked with the contract schema. */
function parseAnswer<T>(
  text: string,
  status: number,
  schema: z.ZodType<T> | undefined,
  responseType: 'json' | 'text',
): T {
  if (!schema && responseType === 'json') return undefined as T;
  if (!schema) return text as T;
  let json: unknown = text;
  if (responseType === 'json') {
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ApiError('The server sent an answer that is not JSON.', text.slice(0, 200), status);
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(
      'The server sent an answer in an unexpected shape.',
      parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '),
      status,
    );
  }
  return parsed.data;
}

/**
 * The one client every `/api/v1` call goes through: base path and double-slash collapse (spec 1 §7),
 * same-origin cookies, JSON both ways, contract parsing of the answer, and one typed {@link ApiError} for
 * every failure (spec 1 §8), with the session-ending cases handled here and nowhere else.
 */
export async function apiRequest<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    schema,
    signal,
    responseType = 'json',
    endSessionOnAuthFailure = true,
    endSessionOnNetworkFailure = endSessionOnAuthFailure,
  } = options;
  const headers: Record<string, string> = {
    Accept: responseType === 'text' ? 'text/plain, application/json' : 'application/json',
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(new URL(buildUrl(path, query), window.location.href), {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const error = new ApiError('The backend cannot be reached.', undefined, undefined);
    if (endSessionOnNetworkFailure) endSession();
    throw error;
  }

  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw failedAnswer(response.status, text, endSessionOnAuthFailure);
  }
  return parseAnswer(await response.text(), response.status, schema, responseType);
}

/** What {@link apiUpload} sends and how it reports. */
export interface UploadOptions<T> {
  /** POST (the default) or PUT (one part of a multipart upload). */
  method?: 'POST' | 'PUT';
  /** The multipart body (e.g. one `file` part), or raw bytes sent as application/octet-stream. */
  body: FormData | Blob;
  query?: RequestOptions<T>['query'];
  /** The contract schema of the answer. */
  schema?: z.ZodType<T>;
  /** Bytes of the request body sent so far, and its size when the browser knows it. */
  onProgress?: (loaded: number, total: number | undefined) => void;
}

/** A running upload: its outcome, and a way to cancel it (the promise then rejects). */
export interface UploadRequest<T> {
  promise: Promise<T>;
  abort: () => void;
}

/**
 * A POST (or PUT) whose body upload reports progress and can be aborted — with XHR, since fetch reports no upload
 * progress. Otherwise the same client as {@link apiRequest}: base path, same-origin cookies, the error
 * body to {@link ApiError}, a 401 ends the session, the answer checked with the contract schema. A
 * network failure rejects with 'The upload was interrupted (network error).' and does not end the session.
 */
export function apiUpload<T = void>(path: string, options: UploadOptions<T>): UploadRequest<T> {
  const { method = 'POST', body, query, schema, onProgress } = options;
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open(method, new URL(buildUrl(path, query), window.location.href).href);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (!(body instanceof FormData)) xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.lengthComputable ? e.total : undefined);
    xhr.onload = () => {
      try {
        if (xhr.status < 200 || xhr.status >= 300) throw failedAnswer(xhr.status, xhr.responseText, true);
        resolve(parseAnswer(xhr.responseText, xhr.status, schema, 'json'));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () =>
      reject(new ApiError('The upload was interrupted (network error).', undefined, undefined));
    xhr.onabort = () => reject(new ApiError('Upload cancelled.', undefined, undefined));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
