// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';
import { entityStatusSchema, nonBlankName } from './identity-rules.js';

/** GET /api/v1/groups (spec 2 §7): group names. */
export const listGroupsResponseSchema = z
  .object({ groups: z.array(z.string()), total: z.number().int().nonnegative() })
  .meta({ id: 'ListGroupsResponse' });
export type ListGroupsResponse = z.infer<typeof listGroupsResponseSchema>;

/** GET /api/v1/group?name= (spec 2 §3 "Group"); `policy` is comma-separated as the spec says. */
export const groupSchema = z
  .object({
    name: z.string(),
    members: z.array(z.string()),
    status: entityStatusSchema,
    policy: z.string(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof groupSchema>;

/** POST /api/v1/groups (spec 2 §7, §5 "Group name must be non-blank"). */
export const createGroupRequestSchema = z
  .object({
    group: nonBlankName('Group name'),
    members: z.array(z.string().min(1)).max(10_000).default([]),
  })
  .meta({ id: 'CreateGroupRequest' });
export type CreateGroupRequest = z.input<typeof createGroupRequestSchema>;

/** PUT /api/v1/group?name= (spec 2 §7): the members afterwards and the status (applied on save, §4). */
export const updateGroupRequestSchema = z
  .object({
    members: z.array(z.string().min(1)).max(10_000),
    status: entityStatusSchema,
  })
  .meta({ id: 'UpdateGroupRequest' });
export type UpdateGroupRequest = z.infer<typeof updateGroupRequestSchema>;
