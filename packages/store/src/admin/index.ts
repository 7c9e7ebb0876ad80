export {
  ADMIN_PREFIX,
  ADMIN_ROUTES,
  type AdminRoute,
  adminError,
  handleAdminRequest,
  matchAdminRoute,
} from './router.js';
