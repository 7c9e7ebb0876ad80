import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';

interface GroupAddRemove {
  group?: unknown;
  members?: unknown;
  groupStatus?: unknown;
  isRemove?: unknown;
}

/**
 * Admin API: UpdateGroupMembers — `PUT /update-group-members` J `{group, members, groupStatus,
 * isRemove}`. Adding creates the group; removing with no members deletes an empty group.
 */
export const updateGroupMembers: AdminOperation = async (call) => {
  const body = call.json<GroupAddRemove>();
  if (typeof body.group !== 'string' || body.group === '') {
    throw new S3Error('XMinioAdminInvalidArgument', 'group is required');
  }
  const members = body.members ?? [];
  if (!Array.isArray(members) || members.some((m) => typeof m !== 'string')) {
    throw new S3Error('XMinioAdminInvalidArgument', 'members must be a list of user names');
  }
  const status = typeof body.groupStatus === 'string' ? body.groupStatus : undefined;
  await call.ctx.iam.updateGroupMembers(body.group, members as string[], body.isRemove === true, status);
  return call.ok();
};
