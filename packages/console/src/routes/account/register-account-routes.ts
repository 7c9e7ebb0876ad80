// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerChangePassword } from './change-password.js';
import { registerChangeUserPassword } from './change-user-password.js';

/** The password calls of spec 2 §7, registered in the signed-in scope. */
export function registerAccountRoutes(app: ZodApp, ctx: RouteContext): void {
  registerChangePassword(app, ctx);
  registerChangeUserPassword(app, ctx);
}
