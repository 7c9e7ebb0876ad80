// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerCreateServiceAccount } from './create-service-account.js';
import { registerCreateUserServiceAccount } from './create-user-service-account.js';
import { registerDeleteServiceAccount } from './delete-service-account.js';
import { registerListServiceAccounts } from './list-service-accounts.js';

/** The service-account calls of spec 2 §7 (own and a user's), registered in the signed-in scope. */
export function registerServiceAccountRoutes(app: ZodApp, ctx: RouteContext): void {
  registerListServiceAccounts(app, ctx);
  registerCreateServiceAccount(app, ctx);
  registerCreateUserServiceAccount(app, ctx);
  registerDeleteServiceAccount(app, ctx);
}
