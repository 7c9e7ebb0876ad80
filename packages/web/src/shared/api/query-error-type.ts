// SPDX-License-Identifier: Apache-2.0
import type { ApiError } from './api-error';

/**
 * Every query and mutation fails with {@link ApiError}, because every fetcher goes through the one API
 * client; telling TanStack Query so types `error` everywhere without casts.
 */
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}
