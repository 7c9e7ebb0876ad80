// SPDX-License-Identifier: Apache-2.0
// Admin API: groups (PROTOCOL-NOTES §2; madmin-go group-commands.go).
import { type AdminTransport, requireArg } from '../transport.js';
import {
  type GroupAddRemove,
  type GroupDesc,
  type GroupStatus,
  groupDescSchema,
  type ListGroupsResponse,
  listGroupsResponseSchema,
} from '../types/groups.js';

/**
 * `PUT /update-group-members` (plain JSON). Adding creates the group; removing with no members
 * deletes the group, which must then be empty.
 */
export async function updateGroupMembers(t: AdminTransport, req: GroupAddRemove): Promise<void> {
  requireArg(req.group, 'group');
  if (!Array.isArray(req.members)) throw new TypeError('members must be an array');
  const body: GroupAddRemove = {
    group: req.group,
    members: req.members,
    groupStatus: req.groupStatus ?? '',
    isRemove: req.isRemove ?? false,
  };
  await t.empty({ method: 'PUT', path: '/update-group-members', body: JSON.stringify(body) });
}

/** `GET /group?group=`. */
export async function getGroupDescription(t: AdminTransport, group: string): Promise<GroupDesc> {
  return t.json(groupDescSchema, {
    method: 'GET',
    path: '/group',
    query: { group: requireArg(group, 'group') },
  });
}

/** `GET /groups`; MinIO answers `null` when there are none, returned here as `[]`. */
export async function listGroups(t: AdminTransport, signal?: AbortSignal): Promise<ListGroupsResponse> {
  return (
    (await t.json(listGroupsResponseSchema.nullable(), { method: 'GET', path: '/groups', signal })) ?? []
  );
}

/** `PUT /set-group-status?group=&status=`. */
export async function setGroupStatus(t: AdminTransport, group: string, status: GroupStatus): Promise<void> {
  if (status !== 'enabled' && status !== 'disabled') {
    throw new TypeError(`status must be "enabled" or "disabled", got ${JSON.stringify(status)}`);
  }
  await t.empty({
    method: 'PUT',
    path: '/set-group-status',
    query: { group: requireArg(group, 'group'), status },
  });
}
