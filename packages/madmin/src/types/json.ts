// SPDX-License-Identifier: Apache-2.0
// Parts of madmin bodies that are free-form JSON (policy documents, health-report sections).
import { z } from 'zod';

/** A JSON value; object members may be `undefined`, which JSON.stringify leaves out. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue | undefined };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue | undefined };

/** Any JSON value. */
export const jsonValueSchema: z.ZodType<JsonValue> = z.json();

/** Any JSON object (not an array, not null). */
export const jsonObjectSchema: z.ZodType<JsonObject> = z.record(z.string(), jsonValueSchema);
