// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema } from '@stowage/contracts';
import { ApiHttpError } from '../../errors/api-http-error.js';

/** The error responses every site-replication route can give (502: a peer or the store failed). */
export const siteReplicationErrorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  501: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
} as const;

/**
 * MinIO answers add and edit with 200 and `success: false` when a peer refused (madmin
 * ReplicateAddStatus / ReplicateEditStatus): that is the request's failure, with the store's status as
 * the message and its detail (which names the peer) as the detail — never an empty one.
 */
export function unlessSucceeded<T extends { success: boolean; status: string; errorDetail?: string }>(
  answer: T,
  what: string,
): T {
  if (answer.success) return answer;
  const detail = answer.errorDetail?.trim() || answer.status || `The server did not ${what}.`;
  throw new ApiHttpError(502, answer.status || `Could not ${what}`, detail);
}
