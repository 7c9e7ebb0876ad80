// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** GET /api/v1/admin/heal/background: the server's background heal state (MinIO's background-heal/status). */
export const backgroundHealSchema = z
  .object({
    /** Objects the scanner's last cycle checked. */
    scannedItems: z.number(),
    /** Drives the next heal cycle repairs. */
    healDisks: z.array(z.string()),
    offlineNodes: z.array(z.string()),
    drives: z.array(z.object({ endpoint: z.string(), state: z.string() })),
    /** Parity of each storage class. */
    parity: z.record(z.string(), z.number()),
  })
  .meta({ id: 'BackgroundHeal' });
export type BackgroundHeal = z.infer<typeof backgroundHealSchema>;
