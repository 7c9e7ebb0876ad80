// Wire types of the group calls (madmin-go group-commands.go; PROTOCOL-NOTES §2).

export type GroupStatus = 'enabled' | 'disabled';

/** `PUT /update-group-members` body (plain JSON). Creates the group when it does not exist. */
export interface GroupAddRemove {
  group: string;
  members: string[];
  /** Optional on the wire; `enabled` when empty. */
  groupStatus?: GroupStatus | '';
  /** With an empty `members`, removes the (empty) group itself. */
  isRemove: boolean;
}

/** `GET /group?group=` response. */
export interface GroupDesc {
  name: string;
  status: string;
  members: string[];
  /** Comma-separated policy names. */
  policy: string;
  updatedAt?: string;
}

/** `GET /groups` response. */
export type ListGroupsResponse = string[];
