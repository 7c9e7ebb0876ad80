// SPDX-License-Identifier: Apache-2.0
// Wire types of the user calls (madmin-go user-commands.go; PROTOCOL-NOTES §2). Field names are the
// JSON keys MinIO sends.
import { z } from 'zod';

/** Users are `enabled` or `disabled` (service accounts use `on`/`off` instead). */
export const accountStatusSchema = z.enum(['enabled', 'disabled']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** One entry of `list-users` and the body of `user-info`. */
export const userInfoSchema = z.object({
  /** Only ever present in requests; MinIO does not return secrets. */
  secretKey: z.string().optional(),
  /** Comma-separated policy names; absent when none. */
  policyName: z.string().optional(),
  status: accountStatusSchema,
  memberOf: z.array(z.string()).optional(),
  /** RFC 3339; the zero time when unknown. */
  updatedAt: z.string().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** `GET /list-users` (encrypted): access key → info. */
export const listUsersResponseSchema = z.record(z.string(), userInfoSchema);
export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;

/** `PUT /add-user?accessKey=` body (encrypted); an empty or missing status means `enabled`. */
export const addOrUpdateUserRequestSchema = z.object({
  secretKey: z.string(),
  status: z.union([accountStatusSchema, z.literal('')]).optional(),
});
export type AddOrUpdateUserRequest = z.infer<typeof addOrUpdateUserRequestSchema>;
