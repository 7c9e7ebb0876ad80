// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema, apiPaths, type BackgroundHeal, backgroundHealSchema } from '@stowage/contracts';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * GET /api/v1/admin/heal/background (the Heal page): the background heal's state with the user's
 * credentials (admin:Heal) — madmin BackgroundHealStatus — as the page shows it.
 */
export function registerGetBackgroundHeal(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.backgroundHeal,
    {
      schema: {
        tags: ['heal'],
        summary: "The server's background heal: objects scanned, drives to heal, parity",
        response: {
          200: backgroundHealSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request): Promise<BackgroundHeal> => {
      const s = await request.session.admin.backgroundHealStatus();
      return {
        scannedItems: s.ScannedItemsCount ?? 0,
        healDisks: s.HealDisks ?? [],
        offlineNodes: s.offline_nodes ?? [],
        drives: (s.sets ?? []).flatMap((set) =>
          (set.disks ?? []).map((d) => ({ endpoint: d.endpoint ?? d.path ?? '', state: d.state ?? '' })),
        ),
        parity: s.sc_parity ?? {},
      };
    },
  );
}
