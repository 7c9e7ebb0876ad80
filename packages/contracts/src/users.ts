// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';
import { entityStatusSchema, newSecretSchema, nonBlankName } from './identity-rules.js';

/** One row of the user list (spec 2 §2 "Users", §3 "User"). */
export const userListItemSchema = z
  .object({
    accessKey: z.string(),
    status: entityStatusSchema,
    policy: z.array(z.string()),
    memberOf: z.array(z.string()),
  })
  .meta({ id: 'UserListItem' });
export type UserListItem = z.infer<typeof userListItemSchema>;

/** GET /api/v1/users. */
export const listUsersResponseSchema = z
  .object({ users: z.array(userListItemSchema), total: z.number().int().nonnegative() })
  .meta({ id: 'ListUsersResponse' });
export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;

/**
 * GET /api/v1/user?name= (spec 2 §3 "User"). `hasPolicy` is true when the user has a policy of their own
 * or through an enabled group: only then can service accounts be made for them (spec 2 §6).
 */
export const userSchema = z
  .object({
    accessKey: z.string(),
    status: entityStatusSchema,
    memberOf: z.array(z.string()),
    policy: z.array(z.string()),
    hasPolicy: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** POST /api/v1/users (spec 2 §7): a new user, optionally put in groups and given policies. */
export const createUserRequestSchema = z
  .object({
    accessKey: nonBlankName('Access key'),
    secretKey: newSecretSchema,
    groups: z.array(z.string().min(1)).max(1000).default([]),
    policies: z.array(z.string().min(1)).max(1000).default([]),
  })
  .meta({ id: 'CreateUserRequest' });
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/**
 * PUT /api/v1/user?name= (spec 2 §7): status and group membership (the groups listed are the user's
 * groups afterwards); `policies`, when present, replaces the user's policies.
 */
export const updateUserRequestSchema = z
  .object({
    status: entityStatusSchema,
    groups: z.array(z.string().min(1)).max(1000),
    policies: z.array(z.string().min(1)).max(1000).optional(),
  })
  .meta({ id: 'UpdateUserRequest' });
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** PUT /api/v1/users-groups-bulk (spec 2 §4 "bulk add to group"). */
export const bulkAddUsersToGroupsRequestSchema = z
  .object({
    groups: z.array(z.string().min(1)).min(1, 'You need to select at least one group to assign.').max(1000),
    users: z.array(z.string().min(1)).min(1, 'Select at least one user.').max(10_000),
  })
  .meta({ id: 'BulkAddUsersToGroupsRequest' });
export type BulkAddUsersToGroupsRequest = z.infer<typeof bulkAddUsersToGroupsRequestSchema>;
