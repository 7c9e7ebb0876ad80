// SPDX-License-Identifier: Apache-2.0
import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from '../../core/errors.js';
import type { OwnerRecord } from '../../object-layer/types.js';
import { parseXml, xmlChild, xmlList, xmlText } from '../xml.js';
import { ownerXml } from './owner.js';
import type { Grant } from './settings.js';

/**
 * ACLs: canned ACLs (x-amz-acl), explicit grants (x-amz-grant-* headers or an AccessControlPolicy
 * document) to canonical users, AllUsers and AuthenticatedUsers, and what a grant lets a requester do.
 */

export const ALL_USERS = 'http://acs.amazonaws.com/groups/global/AllUsers';
export const AUTHENTICATED_USERS = 'http://acs.amazonaws.com/groups/global/AuthenticatedUsers';
const PERMISSIONS = ['FULL_CONTROL', 'READ', 'WRITE', 'READ_ACP', 'WRITE_ACP'] as const;

const user = (id: string, permission: Grant['permission']): Grant => ({
  grantee: { type: 'CanonicalUser', id },
  permission,
});
const group = (uri: string, permission: Grant['permission']): Grant => ({
  grantee: { type: 'Group', uri },
  permission,
});

/** Who an ACL is written for: the resource's owner, and (objects) the bucket's owner. */
export interface AclOwners {
  owner: string;
  bucketOwner?: string;
}

/** The grants of a canned ACL (S3's list); InvalidArgument for an unknown name. */
export function cannedGrants(name: string, who: AclOwners): Grant[] {
  const own = user(who.owner, 'FULL_CONTROL');
  const other = who.bucketOwner !== undefined && who.bucketOwner !== who.owner ? who.bucketOwner : undefined;
  switch (name) {
    case 'private':
      return [own];
    case 'bucket-owner-full-control':
      return other ? [own, user(other, 'FULL_CONTROL')] : [own];
    case 'bucket-owner-read':
      return other ? [own, user(other, 'READ')] : [own];
    case 'public-read':
      return [own, group(ALL_USERS, 'READ')];
    case 'public-read-write':
      return [own, group(ALL_USERS, 'READ'), group(ALL_USERS, 'WRITE')];
    case 'authenticated-read':
      return [own, group(AUTHENTICATED_USERS, 'READ')];
    default:
      throw new S3Error('InvalidArgument', undefined, { ArgumentName: 'x-amz-acl', ArgumentValue: name });
  }
}

/** Whether the request carries ACL headers (x-amz-acl or x-amz-grant-*). */
/** `x-amz-grant-<permission>` of every permission (asked on every write). */
const GRANT_HEADERS = PERMISSIONS.map((p) => `x-amz-grant-${p.toLowerCase().replace('_', '-')}`);

export function hasAclHeaders(headers: IncomingHttpHeaders): boolean {
  if (headers['x-amz-acl'] !== undefined) return true;
  for (const h of GRANT_HEADERS) if (headers[h] !== undefined) return true;
  return false;
}

/** Grants asked for by headers (x-amz-acl or x-amz-grant-*), or undefined when none are present. */
export function grantsFromHeaders(headers: IncomingHttpHeaders, who: AclOwners): Grant[] | undefined {
  const canned = headers['x-amz-acl'];
  const explicit = PERMISSIONS.flatMap((p) => {
    const v = headers[`x-amz-grant-${p.toLowerCase().replace('_', '-')}`];
    return typeof v === 'string' ? parseGrantHeader(v, p) : [];
  });
  if (typeof canned === 'string') {
    if (explicit.length > 0) {
      throw new S3Error('InvalidRequest', 'Specifying both Canned ACLs and Header Grants is not allowed');
    }
    return cannedGrants(canned, who);
  }
  // As S3: header grants are the whole ACL (the owner keeps control of the ACL through ownership).
  return explicit.length > 0 ? explicit : undefined;
}

function parseGrantHeader(value: string, permission: Grant['permission']): Grant[] {
  return value.split(',').map((part) => {
    const m = /^\s*(id|uri|emailAddress)\s*=\s*"?([^"]+)"?\s*$/.exec(part);
    if (!m) throw new S3Error('InvalidArgument', `Invalid grant header value: ${part.trim()}`);
    if (m[1] === 'emailAddress')
      throw new S3Error('NotImplemented', 'Grants by e-mail address are not supported.');
    const v = m[2] as string;
    return m[1] === 'id' ? user(checkId(v), permission) : group(checkGroup(v), permission);
  });
}

function checkGroup(uri: string): string {
  if (uri !== ALL_USERS && uri !== AUTHENTICATED_USERS)
    throw new S3Error('InvalidArgument', `Invalid group uri ${uri}`);
  return uri;
}

function checkId(id: string): string {
  if (!/^[0-9a-f]{32,64}$/.test(id)) throw new S3Error('InvalidArgument', 'Invalid id');
  return id;
}

const MALFORMED_ACL =
  'The XML you provided was not well-formed or did not validate against our published schema.';

/** An AccessControlPolicy document (PutBucketAcl / PutObjectAcl body). */
export function grantsFromXml(body: Buffer): Grant[] {
  const doc = parseXml(body, 'AccessControlPolicy', ['Grant']);
  const list = xmlChild(doc.AccessControlList);
  return xmlList(list?.Grant).map((g) => {
    const grantee = xmlChild(g.Grantee) ?? {};
    const permission = PERMISSIONS.find((p) => p === xmlText(g.Permission));
    if (!permission) throw new S3Error('MalformedACLError', MALFORMED_ACL);
    const uri = xmlText(grantee.URI);
    const id = xmlText(grantee.ID);
    if (uri !== undefined) return group(checkGroup(uri), permission);
    if (id !== undefined) return user(checkId(id), permission);
    throw new S3Error('MalformedACLError', MALFORMED_ACL);
  });
}

/** Whether the grants give anything to AllUsers or AuthenticatedUsers (a public ACL). */
export function isPublicAcl(grants: Grant[]): boolean {
  return grants.some((g) => g.grantee.type === 'Group');
}

/** Whether the grants give only full control to these owners (all that BucketOwnerEnforced accepts). */
export function ownerOnly(grants: Grant[], owners: string[]): boolean {
  return grants.every(
    (g) =>
      g.grantee.type === 'CanonicalUser' && owners.includes(g.grantee.id) && g.permission === 'FULL_CONTROL',
  );
}

/** Bucket permissions → the S3 actions they allow (S3's "ACL permission to access policy" mapping). */
const BUCKET_ACTIONS: Record<Grant['permission'], readonly string[]> = {
  READ: ['s3:ListBucket', 's3:ListBucketVersions', 's3:ListBucketMultipartUploads'],
  WRITE: ['s3:PutObject', 's3:DeleteObject'],
  READ_ACP: ['s3:GetBucketAcl'],
  WRITE_ACP: ['s3:PutBucketAcl'],
  FULL_CONTROL: [],
};

/** Object permissions → the S3 actions they allow. */
const OBJECT_ACTIONS: Record<Grant['permission'], readonly string[]> = {
  READ: ['s3:GetObject', 's3:GetObjectVersion'],
  WRITE: [],
  READ_ACP: ['s3:GetObjectAcl', 's3:GetObjectVersionAcl'],
  WRITE_ACP: ['s3:PutObjectAcl', 's3:PutObjectVersionAcl'],
  FULL_CONTROL: [],
};

/** The actions object grants can allow (other actions never look at an object's ACL). */
export const OBJECT_ACL_ACTIONS: readonly string[] = Object.values(OBJECT_ACTIONS).flat();

/** A requester as ACLs see it: anonymous or not, and its canonical id. */
export interface AclRequester {
  anonymous: boolean;
  id: string;
}

/**
 * Whether grants let this requester perform the action (`on` picks the bucket or object mapping).
 * Grants to the resource's own owner add nothing: what an owner may do is up to its policies, as the
 * IAM users of an AWS account need identity policies. Group grants count unless `ignorePublic`.
 */
export function aclAllows(
  grants: Grant[],
  requester: AclRequester,
  resourceOwner: string,
  action: string,
  opts: { on: 'bucket' | 'object'; ignorePublic: boolean },
): boolean {
  const table = opts.on === 'bucket' ? BUCKET_ACTIONS : OBJECT_ACTIONS;
  return grants.some((g) => {
    if (g.grantee.type === 'Group') {
      if (opts.ignorePublic) return false;
      if (g.grantee.uri === AUTHENTICATED_USERS && requester.anonymous) return false;
    } else if (requester.anonymous || g.grantee.id !== requester.id || g.grantee.id === resourceOwner) {
      return false;
    }
    const actions = g.permission === 'FULL_CONTROL' ? Object.values(table).flat() : table[g.permission];
    return actions.includes(action);
  });
}

/** The AccessControlPolicy document of an owner and its grants (known owners get their DisplayName). */
export function aclXml(
  owner: OwnerRecord,
  grants: Grant[],
  known: OwnerRecord[] = [],
): Record<string, unknown> {
  const names = new Map([...known, owner].map((o) => [o.id, o.name]));
  return {
    Owner: ownerXml(owner),
    AccessControlList: {
      Grant: grants.map((g) => ({
        Grantee: {
          '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
          '@_xsi:type': g.grantee.type,
          ...(g.grantee.type === 'Group'
            ? { URI: g.grantee.uri }
            : {
                ID: g.grantee.id,
                ...(names.has(g.grantee.id) ? { DisplayName: names.get(g.grantee.id) } : {}),
              }),
        },
        Permission: g.permission,
      })),
    },
  };
}
