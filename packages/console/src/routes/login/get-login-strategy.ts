import { apiPaths, type LoginDetails, loginDetailsSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';

/** GET /api/v1/login (spec 1 §7): which sign-in screen the SPA shows. */
export function registerGetLoginStrategy(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.login,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in strategy',
        response: { 200: loginDetailsSchema },
      },
    },
    async (): Promise<LoginDetails> => {
      if (ctx.options.operator) return { loginStrategy: 'service-account' };
      if (ctx.options.openId !== undefined)
        return { loginStrategy: 'redirect', redirect: ctx.options.openId.redirect };
      return { loginStrategy: 'form' };
    },
  );
}
