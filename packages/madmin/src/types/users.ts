// Wire types of the user calls (madmin-go user-commands.go; PROTOCOL-NOTES §2). Field names are the
// JSON keys MinIO sends.

/** Users are `enabled` or `disabled` (service accounts use `on`/`off` instead). */
export type AccountStatus = 'enabled' | 'disabled';

/** One entry of `list-users` and the body of `user-info`. */
export interface UserInfo {
  /** Only ever present in requests; MinIO does not return secrets. */
  secretKey?: string;
  /** Comma-separated policy names; absent when none. */
  policyName?: string;
  status: AccountStatus;
  memberOf?: string[];
  /** RFC 3339; the zero time when unknown. */
  updatedAt?: string;
}

/** `GET /list-users` (encrypted): access key → info. */
export type ListUsersResponse = Record<string, UserInfo>;

/** `PUT /add-user?accessKey=` body (encrypted). */
export interface AddOrUpdateUserRequest {
  secretKey?: string;
  status: AccountStatus;
}
