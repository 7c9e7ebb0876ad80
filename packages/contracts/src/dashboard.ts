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

/**
 * GET /api/v1/admin/info (spec 2 §2 "Dashboard", §7): the usage summary. The spec's widget list (Prometheus
 * panels) is not part of this build, so the response never carries `widgets` and the page shows the summary.
 */
export const adminInfoResponseSchema = z
  .object({
    buckets: z.number().int().nonnegative(),
    objects: z.number().int().nonnegative(),
    /** Bytes. */
    usage: z.number().nonnegative(),
    servers: z.array(dashboardServerSchema),
  })
  .meta({ id: 'AdminInfoResponse' });
export type AdminInfoResponse = z.infer<typeof adminInfoResponseSchema>;
