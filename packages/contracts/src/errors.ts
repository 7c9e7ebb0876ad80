// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * The one error shape of every `/api/v1` failure (spec 1 §3 "Error object", §8). The web client shows
 * `errorMessage` and, when it differs, `detailedError` as the expandable detail.
 */
export const apiErrorSchema = z
  .object({
    errorMessage: z.string().describe('Short, user-facing message'),
    detailedError: z.string().describe('Longer explanation; may repeat the message or be empty'),
  })
  .meta({ id: 'ApiError' });

export type ApiError = z.infer<typeof apiErrorSchema>;
