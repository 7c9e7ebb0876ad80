// SPDX-License-Identifier: Apache-2.0
export {
  ADMIN_PREFIX,
  ADMIN_ROUTES,
  type AdminRoute,
  adminError,
  handleAdminRequest,
  matchAdminRoute,
} from './router.js';
