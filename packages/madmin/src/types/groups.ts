// SPDX-License-Identifier: Apache-2.0
// Wire types of the group calls (madmin-go group-commands.go; PROTOCOL-NOTES §2).
import { z } from 'zod';

/** A group is `enabled` or `disabled`. */
export const groupStatusSchema = z.enum(['enabled', 'disabled']);
export type GroupStatus = z.infer<typeof groupStatusSchema>;

/** `PUT /update-group-members` body (plain JSON). Creates the group when it does not exist. */
export const groupAddRemoveSchema = z.object({
  group: z.string(),
  /** madmin-go sends `null` for no members. */
  members: z.array(z.string()).nullish(),
  /** Optional on the wire; `enabled` when empty. */
  groupStatus: z.union([groupStatusSchema, z.literal('')]).optional(),
  /** With an empty `members`, removes the (empty) group itself; false when absent. */
  isRemove: z.boolean().optional(),
});
export type GroupAddRemove = z.infer<typeof groupAddRemoveSchema>;

/** `GET /group?group=` response. */
export const groupDescSchema = z.object({
  name: z.string(),
  status: z.string(),
  /** Go's nil slice: `null` for a group without members. */
  members: z.array(z.string()).nullable(),
  /** Comma-separated policy names. */
  policy: z.string(),
  updatedAt: z.string().optional(),
});
export type GroupDesc = z.infer<typeof groupDescSchema>;

/** `GET /groups` response; MinIO sends `null` when there are none. */
export const listGroupsResponseSchema = z.array(z.string());
export type ListGroupsResponse = z.infer<typeof listGroupsResponseSchema>;
