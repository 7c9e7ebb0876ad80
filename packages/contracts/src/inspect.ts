// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/**
 * The query of `GET /api/v1/admin/inspect` (Tools → Inspect): the bucket (MinIO's volume), the object
 * path (`*` and `?` are wildcards) and whether the zip stays encrypted with a one-time key (`.enc`,
 * the key in the `x-inspect-key` header of the answer and nowhere else) or is sent as a plain `.zip`.
 */
export const inspectQuerySchema = z.object({
  volume: z.string().trim().min(1, 'Volume (the bucket) is required').max(63),
  file: z.string().trim().min(1, 'Path (the object) is required').max(1024),
  encrypt: z.enum(['true', 'false']).default('false'),
});
// No `.meta({ id })`: a query schema must stay inline in the OpenAPI document (a component $ref there
// is not resolvable as parameters).
export type InspectQuery = z.input<typeof inspectQuerySchema>;

/** The header of an encrypted answer that carries its decryption key (id and key, hex), once. */
export const inspectKeyHeader = 'x-inspect-key';
