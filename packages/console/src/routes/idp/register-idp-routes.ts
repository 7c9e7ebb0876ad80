// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerDeleteIdp } from './delete-idp.js';
import { registerGetIdp } from './get-idp.js';
import { registerListIdp } from './list-idp.js';
import { registerSaveIdp } from './save-idp.js';

/** Identity provider configurations (issue 38): MinIO's idp-config API behind the Identity pages. */
export function registerIdpRoutes(app: ZodApp, ctx: RouteContext): void {
  registerListIdp(app, ctx);
  registerGetIdp(app, ctx);
  registerSaveIdp(app, ctx);
  registerDeleteIdp(app, ctx);
}
