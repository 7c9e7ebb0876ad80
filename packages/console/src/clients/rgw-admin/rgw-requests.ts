// SPDX-License-Identifier: Apache-2.0
/**
 * The requests of Ceph RGW's Admin Ops API (`/admin/…`, issue 36), built as plain data so they can be
 * checked without a server. Parameters follow the Admin Ops reference: `uid`, `display-name`, `email`,
 * `max-buckets`, `suspended`, `key-type`, `access-key`, `secret-key`, `generate-key`, `quota-type`,
 * `max-size` (bytes), `max-objects`, `enabled`, `purge-data`, `bucket`, `stats`; every answer asked for
 * as JSON (`format=json`).
 */

/** One Admin Ops request: method, path below the gateway's root, and its query (in order). */
export interface RgwRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  /** `[name, value]` pairs; an empty value is sent as a bare flag (`?key`, `?quota`). */
  query: [string, string][];
}

export interface CreateUserInput {
  uid: string;
  displayName: string;
  email?: string;
  maxBuckets?: number;
  /** Generate an S3 key pair for the new user (RGW does unless told otherwise). */
  generateKey?: boolean;
}

export interface ModifyUserInput {
  uid: string;
  displayName?: string;
  email?: string;
  maxBuckets?: number;
  suspended?: boolean;
}

export interface CreateKeyInput {
  uid: string;
  /** Both given: this pair; neither: RGW generates one. */
  accessKey?: string;
  secretKey?: string;
}

/** A quota as RGW keeps it: a negative limit means no limit of that kind. */
export interface QuotaInput {
  enabled: boolean;
  maxSizeBytes: number;
  maxObjects: number;
}

/** Drops undefined values and renders the rest as RGW reads them. */
function params(entries: [string, string | number | boolean | undefined][]): [string, string][] {
  return entries
    .filter((e): e is [string, string | number | boolean] => e[1] !== undefined)
    .map(([k, v]) => [k, String(v)]);
}

const json: [string, string] = ['format', 'json'];

export const rgwRequests = {
  /** Who the signing keys belong to; answered to any user with `users=read` (the detection probe). */
  getUser: (uid: string): RgwRequest => ({ method: 'GET', path: '/admin/user', query: [['uid', uid], json] }),
  /** Every user id (the metadata listing; needs `metadata=read`). */
  listUsers: (): RgwRequest => ({ method: 'GET', path: '/admin/metadata/user', query: [json] }),
  createUser: (u: CreateUserInput): RgwRequest => ({
    method: 'PUT',
    path: '/admin/user',
    query: params([
      ['uid', u.uid],
      ['display-name', u.displayName],
      ['email', u.email || undefined],
      ['max-buckets', u.maxBuckets],
      ['key-type', 's3'],
      ['generate-key', u.generateKey ?? true],
      ['format', 'json'],
    ]),
  }),
  modifyUser: (u: ModifyUserInput): RgwRequest => ({
    method: 'POST',
    path: '/admin/user',
    query: params([
      ['uid', u.uid],
      ['display-name', u.displayName],
      ['email', u.email],
      ['max-buckets', u.maxBuckets],
      ['suspended', u.suspended],
      ['format', 'json'],
    ]),
  }),
  removeUser: (uid: string, purgeData: boolean): RgwRequest => ({
    method: 'DELETE',
    path: '/admin/user',
    query: params([
      ['uid', uid],
      ['purge-data', purgeData],
      ['format', 'json'],
    ]),
  }),
  createKey: (k: CreateKeyInput): RgwRequest => {
    const given = k.accessKey !== undefined && k.secretKey !== undefined;
    return {
      method: 'PUT',
      path: '/admin/user',
      query: params([
        ['key', ''],
        ['uid', k.uid],
        ['key-type', 's3'],
        ['access-key', given ? k.accessKey : undefined],
        ['secret-key', given ? k.secretKey : undefined],
        ['generate-key', !given],
        ['format', 'json'],
      ]),
    };
  },
  removeKey: (uid: string, accessKey: string): RgwRequest => ({
    method: 'DELETE',
    path: '/admin/user',
    query: [['key', ''], ['uid', uid], ['key-type', 's3'], ['access-key', accessKey], json],
  }),
  /** The user's own quota (`user`) or the quota each of the user's buckets gets (`bucket`). */
  setUserQuota: (uid: string, scope: 'user' | 'bucket', q: QuotaInput): RgwRequest => ({
    method: 'PUT',
    path: '/admin/user',
    query: params([
      ['quota', ''],
      ['uid', uid],
      ['quota-type', scope],
      ['max-size', q.maxSizeBytes],
      ['max-objects', q.maxObjects],
      ['enabled', q.enabled],
      ['format', 'json'],
    ]),
  }),
  /** Size and object count of one bucket (`stats=true`). */
  bucketStats: (bucket: string): RgwRequest => ({
    method: 'GET',
    path: '/admin/bucket',
    query: [['bucket', bucket], ['stats', 'true'], json],
  }),
  /** Size and object count of every bucket, in one call (no `bucket`: RGW answers a list). */
  allBucketStats: (): RgwRequest => ({
    method: 'GET',
    path: '/admin/bucket',
    query: [['stats', 'true'], json],
  }),
  /** Gives the bucket to `uid` (`PUT /admin/bucket`): RGW moves it from its current owner. */
  linkBucket: (bucket: string, uid: string): RgwRequest => ({
    method: 'PUT',
    path: '/admin/bucket',
    query: [['bucket', bucket], ['uid', uid], json],
  }),
  /** Takes the bucket off `uid`'s list (`POST /admin/bucket`); the bucket and its objects stay. */
  unlinkBucket: (bucket: string, uid: string): RgwRequest => ({
    method: 'POST',
    path: '/admin/bucket',
    query: [['bucket', bucket], ['uid', uid], json],
  }),
  /** Compares the bucket index's header with what it counts (`fix`: rewrites the header). */
  checkBucketIndex: (bucket: string, fix: boolean): RgwRequest => ({
    method: 'GET',
    path: '/admin/bucket',
    query: [['index', ''], ['bucket', bucket], ['check-objects', 'false'], ['fix', String(fix)], json],
  }),
  /** A subuser `uid:name` with a generated Swift secret and its permission. */
  createSubuser: (uid: string, subuser: string, access: SubuserAccess): RgwRequest => ({
    method: 'PUT',
    path: '/admin/user',
    // `subuser=<name>` is both the sub-resource and the name (a bare `subuser` too would name it twice).
    query: [
      ['uid', uid],
      ['subuser', subuser],
      ['access', access],
      ['key-type', 'swift'],
      ['generate-secret', 'true'],
      json,
    ],
  }),
  /**
   * The subuser's Swift key (`key-type=swift`): `secretKey` given, or generated. RGW replaces the key the
   * subuser had, and makes one for a subuser that does not exist too (callers check it exists first).
   */
  createSwiftKey: (uid: string, subuser: string, secretKey?: string): RgwRequest => ({
    method: 'PUT',
    path: '/admin/user',
    query: params([
      ['key', ''],
      ['uid', uid],
      ['subuser', subuser],
      ['key-type', 'swift'],
      ['secret-key', secretKey],
      ['generate-key', secretKey === undefined ? true : undefined],
      ['format', 'json'],
    ]),
  }),
  removeSwiftKey: (uid: string, subuser: string): RgwRequest => ({
    method: 'DELETE',
    path: '/admin/user',
    query: [['key', ''], ['uid', uid], ['subuser', subuser], ['key-type', 'swift'], json],
  }),
  /** Size and object count of each bucket linked to `uid`. */
  userBucketStats: (uid: string): RgwRequest => ({
    method: 'GET',
    path: '/admin/bucket',
    query: [['uid', uid], ['stats', 'true'], json],
  }),
  /** The names of the buckets linked to `uid` (`GET /admin/bucket?uid=`, no stats). */
  userBuckets: (uid: string): RgwRequest => ({
    method: 'GET',
    path: '/admin/bucket',
    query: [['uid', uid], json],
  }),
  removeSubuser: (uid: string, subuser: string): RgwRequest => ({
    method: 'DELETE',
    path: '/admin/user',
    query: [['uid', uid], ['subuser', subuser], ['purge-keys', 'true'], json],
  }),
  /** Adds (PUT) or removes (DELETE) caps written as RGW reads them: `usage=read;buckets=*`. */
  changeCaps: (uid: string, caps: string, remove: boolean): RgwRequest => ({
    method: remove ? 'DELETE' : 'PUT',
    path: '/admin/user',
    query: [['caps', ''], ['uid', uid], ['user-caps', caps], json],
  }),
  /** The usage log: per-user summaries of operations and bytes, between `start` and `end` (UTC). */
  usage: (q: { uid?: string; start?: string; end?: string }): RgwRequest => ({
    method: 'GET',
    path: '/admin/usage',
    query: params([
      ['uid', q.uid],
      ['start', q.start],
      ['end', q.end],
      ['show-entries', false],
      ['show-summary', true],
      ['format', 'json'],
    ]),
  }),
} as const;

/** What a subuser may do (RGW's `access`). */
export type SubuserAccess = 'read' | 'write' | 'readwrite' | 'full';

/** The URL of a request on a gateway at `endpoint` (`http(s)://host:port`, no path). */
export function rgwRequestUrl(endpoint: string, req: RgwRequest): URL {
  const url = new URL(req.path, endpoint);
  // A bare flag (`key`, `quota`) is sent without `=`, as RGW's own clients do; SigV4 signs it as `key=`.
  url.search = req.query
    .map(([k, v]) => (v === '' ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`))
    .join('&');
  return url;
}
