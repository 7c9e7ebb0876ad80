// SPDX-License-Identifier: Apache-2.0
import type { ApiError } from '@stowage/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ApiHttpError, apiErrors } from './api-http-error.js';
import { connectionFailureToApiError } from './connection-errors.js';
import { storeErrorToApiError } from './store-errors.js';

/** The storage server a failure to connect is reported against. */
export interface ServerOfErrors {
  url: string;
  timeoutMs: number;
}

const statusTitles: Record<number, string> = {
  400: 'Invalid request',
  401: 'Unauthorized',
  403: 'Access Denied',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  413: 'Request too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
};

/**
 * The one place REST failures are rendered (CONVENTIONS "named error codes … rendered in one place"):
 * every error becomes `{errorMessage, detailedError}` with its status.
 */
export function toApiError(error: unknown, server?: ServerOfErrors): ApiHttpError {
  if (error instanceof ApiHttpError) return error;
  // A thrown value that is not an object (a string, a number) carries no code: say what it was.
  if (typeof error !== 'object' || error === null)
    return apiErrors.internal(`Unexpected failure: ${String(error)}`);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'request';
    const detail = error.validation
      .map((v) => {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return `${where}${field === '' ? '' : `.${field}`}: ${v.message}`;
      })
      .join('; ');
    return apiErrors.badRequest(detail);
  }
  if (isResponseSerializationError(error))
    return apiErrors.internal('The response did not match its contract.');
  const unreachable = server && connectionFailureToApiError(error, server.url, server.timeoutMs);
  if (unreachable) return unreachable;
  const fromStore = storeErrorToApiError(error);
  if (fromStore !== null) return fromStore;
  const status = (error as Partial<FastifyError>).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = error instanceof Error ? error.message : String(error);
    return new ApiHttpError(status, statusTitles[status] ?? `Error ${status}`, message);
  }
  // Never an empty detail: what failed, in the words of whatever threw (the log has the stack).
  const message = error instanceof Error ? error.message.trim() : '';
  return message === '' ? apiErrors.internal() : apiErrors.internal(message);
}

export function registerErrorHandler(app: FastifyInstance, server?: ServerOfErrors): void {
  app.setErrorHandler(
    async (error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<ApiError> => {
      const apiError = toApiError(error, server);
      if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      reply.code(apiError.statusCode).type('application/json; charset=utf-8');
      return apiError.toBody();
    },
  );
}
