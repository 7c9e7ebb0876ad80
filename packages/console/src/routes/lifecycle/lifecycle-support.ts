// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema } from '@stowage/contracts';

/** Error answers of the lifecycle routes (documented in the OpenAPI output). */
export const lifecycleErrorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  501: apiErrorSchema,
} as const;
