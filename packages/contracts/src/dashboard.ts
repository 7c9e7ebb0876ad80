// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** One drive of a server on the dashboard (spec 2 §3 "Usage info": Drive). */
export const dashboardDriveSchema = z
  .object({
    endpoint: z.string(),
    /** `ok` or `offline` (a drive in any other state is not usable: shown as offline). */
    state: z.enum(['ok', 'offline']),
    uuid: z.string(),
    totalSpace: z.number().nonnegative(),
    usedSpace: z.number().nonnegative(),
    availableSpace: z.number().nonnegative(),
    /** The server pool the drive belongs to, and its erasure set within the pool (both from 0). */
    pool: z.number().int().nonnegative(),
    set: z.number().int().nonnegative(),
  })
  .meta({ id: 'DashboardDrive' });
export type DashboardDrive = z.infer<typeof dashboardDriveSchema>;

/** One server (spec 2 §3 "Usage info"): `network` maps each peer the server sees to online or offline. */
export const dashboardServerSchema = z
  .object({
    endpoint: z.string(),
    state: z.enum(['online', 'offline']),
    /** Seconds since the server started. */
    uptime: z.number().nonnegative(),
    version: z.string(),
    network: z.record(z.string(), z.enum(['online', 'offline'])),
    drives: z.array(dashboardDriveSchema),
  })
  .meta({ id: 'DashboardServer' });
export type DashboardServer = z.infer<typeof dashboardServerSchema>;

/** The seven widget types of spec 2 §2 "Dashboard". */
export const widgetTypeSchema = z.enum([
  'singleValue',
  'simpleWidget',
  'pieChart',
  'linearGraph',
  'areaGraph',
  'barChart',
  'singleRep',
]);
export type WidgetType = z.infer<typeof widgetTypeSchema>;

/** The dashboard tab a widget is on. */
export const widgetTabSchema = z.enum(['summary', 'traffic', 'resources']);
export type WidgetTab = z.infer<typeof widgetTabSchema>;

/** How a widget's values are shown: bytes, bytes per second, a count, a rate, seconds, CPU cores. */
export const widgetUnitSchema = z.enum(['bytes', 'bytesPerSecond', 'count', 'perSecond', 'seconds', 'cores']);
export type WidgetUnit = z.infer<typeof widgetUnitSchema>;

/** One predefined widget (spec 2 §3 "Dashboard widget"): laid out in rows by id on its tab. */
export const dashboardWidgetSchema = z
  .object({
    id: z.number().int().positive(),
    title: z.string(),
    type: widgetTypeSchema,
    tab: widgetTabSchema,
    unit: widgetUnitSchema,
    /** Series are reduced to their last non-null value or to their mean (spec 2 §2). */
    reduce: z.enum(['last', 'mean']),
  })
  .meta({ id: 'DashboardWidget' });
export type DashboardWidget = z.infer<typeof dashboardWidgetSchema>;

/** One series of a widget: its label and its points `[unix seconds, value or null]`. */
export const widgetSeriesSchema = z.object({
  /** The panel the series belongs to (a merged widget has two: e.g. Online and Offline). */
  panel: z.string(),
  label: z.string(),
  points: z.array(z.tuple([z.number(), z.number().nullable()])),
});
export type WidgetSeries = z.infer<typeof widgetSeriesSchema>;

/** GET /api/v1/admin/info/widgets/{id}/ (spec 2 §7): one widget with its data over the range. */
export const widgetDataResponseSchema = dashboardWidgetSchema
  .extend({
    /** Step between points, seconds (spec 2 §9: 15 when the range is under a minute). */
    step: z.number().positive(),
    start: z.number(),
    end: z.number(),
    series: z.array(widgetSeriesSchema),
  })
  .meta({ id: 'WidgetDataResponse' });
export type WidgetDataResponse = z.infer<typeof widgetDataResponseSchema>;

/** `?step&start&end` of the widget calls: step seconds, start and end unix seconds, all optional. */
export const widgetRangeQuerySchema = z.object({
  step: z.coerce.number().positive().optional(),
  start: z.coerce.number().nonnegative().optional(),
  end: z.coerce.number().nonnegative().optional(),
});
export type WidgetRangeQuery = z.infer<typeof widgetRangeQuerySchema>;

/**
 * GET /api/v1/admin/info (spec 2 §2 "Dashboard", §7): the usage summary, and `widgets` when the console
 * has a Prometheus server (CONSOLE_PROMETHEUS_URL): then the page shows the widget dashboard.
 */
export const adminInfoResponseSchema = z
  .object({
    buckets: z.number().int().nonnegative(),
    objects: z.number().int().nonnegative(),
    /** Bytes. */
    usage: z.number().nonnegative(),
    servers: z.array(dashboardServerSchema),
    widgets: z.array(dashboardWidgetSchema).optional(),
  })
  .meta({ id: 'AdminInfoResponse' });
export type AdminInfoResponse = z.infer<typeof adminInfoResponseSchema>;
