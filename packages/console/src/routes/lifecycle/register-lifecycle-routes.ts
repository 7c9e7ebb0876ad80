// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerAddLifecycleRule } from './add-lifecycle-rule.js';
import { registerDeleteLifecycleRule } from './delete-lifecycle-rule.js';
import { registerListLifecycleRules } from './list-lifecycle-rules.js';
import { registerRestoreObject } from './restore-object.js';
import { registerUpdateLifecycleRule } from './update-lifecycle-rule.js';

/** Bucket lifecycle routes (issue 19, spec 1 §7 "Lifecycle, tiers and access rules"). */
export function registerLifecycleRoutes(app: ZodApp, ctx: RouteContext): void {
  registerListLifecycleRules(app, ctx);
  registerAddLifecycleRule(app, ctx);
  registerUpdateLifecycleRule(app, ctx);
  registerDeleteLifecycleRule(app, ctx);
  registerRestoreObject(app, ctx);
}
