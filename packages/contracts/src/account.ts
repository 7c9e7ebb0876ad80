// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';
import { newSecretSchema, nonBlankName } from './identity-rules.js';

/**
 * POST /api/v1/account/change-password (spec 2 §7): the signed-in user's own password. The current one
 * is checked by the backend before anything changes.
 */
export const changePasswordRequestSchema = z
  .object({
    current_secret_key: z.string().min(1, 'The current password is required').max(1024),
    new_secret_key: newSecretSchema,
  })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /api/v1/account/change-user-password (spec 2 §7): an administrator sets another user's password. */
export const changeUserPasswordRequestSchema = z
  .object({ selectedUser: nonBlankName('selectedUser'), newSecretKey: newSecretSchema })
  .meta({ id: 'ChangeUserPasswordRequest' });
export type ChangeUserPasswordRequest = z.infer<typeof changeUserPasswordRequestSchema>;
