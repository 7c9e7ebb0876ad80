export {
  ADMIN_PREFIX,
  ADMIN_ROUTES,
  type AdminRoute,
  adminError,
  handleAdminRequest,
  matchAdminRoute,
} from './router.js';
export { type AdminServices, type AdminServicesOptions, startAdminServices } from './services.js';
