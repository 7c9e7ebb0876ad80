// SPDX-License-Identifier: Apache-2.0

export type { AdminRoute } from './call.js';
export {
  ADMIN_PREFIX,
  ADMIN_ROUTES,
  adminError,
  handleAdminRequest,
  matchAdminRoute,
} from './router.js';
