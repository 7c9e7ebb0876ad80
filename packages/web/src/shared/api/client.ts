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
async function errorFromResponse(response: Response): Promise<ApiError> {
  let message = `Error ${response.status}`;
  let detail: string | undefined;
  const text = await response.text().catch(() => '');
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
  return new ApiError(message, detail, response.status);
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
    if (endSessionOnAuthFailure) endSession();
    throw error;
  }

  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (response.status === 401 && endSessionOnAuthFailure) endSession();
    throw error;
  }

  if (!schema && responseType === 'json') return undefined as T;
  const text = await response.text();
  if (!schema) return text as T;
  let json: unknown = text;
  if (responseType === 'json') {
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ApiError('The server sent an answer that is not JSON.', text.slice(0, 200), response.status);
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(
      'The server sent an answer in an unexpected shape.',
      parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '),
      response.status,
    );
  }
  return parsed.data;
}
