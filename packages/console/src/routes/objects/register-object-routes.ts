import type { RouteContext, ZodApp } from '../route-context.js';

/** Object browser routes of issue 7 (spec 1 §7 "Objects"), one module per route. */
export function registerObjectRoutes(_app: ZodApp, _ctx: RouteContext): void {}
