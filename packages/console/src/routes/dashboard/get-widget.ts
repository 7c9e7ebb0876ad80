// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  pagePaths,
  type WidgetDataResponse,
  widgetDataResponseSchema,
  widgetRangeQuerySchema,
} from '@stowage/contracts';
import { z } from 'zod';
import { ApiHttpError, apiErrors } from '../../errors/api-http-error.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { PrometheusError, widgetRange, widgetSeries } from './prometheus-query.js';
import { WIDGETS, widgetSummary } from './widgets.js';

/** Spec 2 §8: what a widget shows when its data cannot be read. */
export const WIDGET_ERROR = 'Widget information could not be retrieved at this time. Please try again.';

/**
 * GET /api/v1/admin/info/widgets/{id} (spec 2 §7): one predefined widget's series over `start`..`end`
 * (unix seconds; the last hour by default) at `step` seconds (spec 2 §9 rule by default), read from the
 * console's Prometheus server. Needs the same permission as the dashboard (admin:ServerInfo).
 */
export function registerGetWidget(app: ZodApp, ctx: RouteContext): void {
  app.get(
    apiPaths.adminInfoWidget,
    {
      schema: {
        tags: ['dashboard'],
        summary: "One dashboard widget's data from Prometheus",
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: widgetRangeQuerySchema,
        response: {
          200: widgetDataResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request): Promise<WidgetDataResponse> => {
      const prometheus = ctx.options.prometheus;
      if (!prometheus) {
        throw apiErrors.notFound('The console has no Prometheus server: set CONSOLE_PROMETHEUS_URL.');
      }
      const { session } = await ctx.identities.get(request.session);
      if (!session.pages.includes(pagePaths.dashboard)) {
        throw apiErrors.forbidden('Dashboard widgets need the admin:ServerInfo permission.');
      }
      const widget = WIDGETS.find((w) => w.id === request.params.id);
      if (!widget) throw apiErrors.notFound(`There is no widget ${request.params.id}.`);
      const range = widgetRange(request.query);
      if (range.end <= range.start) throw apiErrors.badRequest('The End Time must be after the Start Time.');
      if ((range.end - range.start) / range.step > 11_000) {
        throw apiErrors.badRequest('The step is too small for the range: at most 11,000 points per series.');
      }
      try {
        const series = await widgetSeries(prometheus, widget, range);
        return { ...widgetSummary(widget), ...range, series };
      } catch (err) {
        if (err instanceof PrometheusError)
          throw new ApiHttpError(502, WIDGET_ERROR, err.message, { cause: err });
        throw err;
      }
    },
  );
}
