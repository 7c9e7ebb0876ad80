// SPDX-License-Identifier: Apache-2.0
import { groupAddRemoveSchema } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';
import { requestBody } from './wire.js';

/**
 * Admin API: UpdateGroupMembers — `PUT /update-group-members` J `{group, members, groupStatus,
 * isRemove}`. Adding creates the group; removing with no members deletes an empty group.
 */
export const updateGroupMembers: AdminOperation = async (call) => {
  const body = requestBody(groupAddRemoveSchema, call.json());
  if (body.group === '') throw new S3Error('XMinioAdminInvalidArgument', 'group is required');
  await call.ctx.iam.updateGroupMembers(
    body.group,
    body.members ?? [],
    body.isRemove === true,
    body.groupStatus,
  );
  return call.ok();
};
