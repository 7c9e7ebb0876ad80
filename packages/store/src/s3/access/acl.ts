import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from '../../core/errors.js';
import type { Identity } from '../../iam/types.js';
import { OWNER } from '../response.js';
import { parseXml, xmlChild, xmlList, xmlText } from '../xml.js';
import type { Grant } from './settings.js';

/**
 * ACLs: canned ACLs (x-amz-acl), explicit grants (x-amz-grant-* headers or an AccessControlPolicy
 * document) to the owner, AllUsers and AuthenticatedUsers, and what a grant lets a requester do.
 */

export const ALL_USERS = 'http://acs.amazonaws.com/groups/global/AllUsers';
export const AUTHENTICATED_USERS = 'http://acs.amazonaws.com/groups/global/AuthenticatedUsers';
const PERMISSIONS = ['FULL_CONTROL', 'READ', 'WRITE', 'READ_ACP', 'WRITE_ACP'] as const;

const owner = (permission: Grant['permission']): Grant => ({
  grantee: { type: 'CanonicalUser', id: OWNER.ID },
  permission,
});
const group = (uri: string, permission: Grant['permission']): Grant => ({
  grantee: { type: 'Group', uri },
  permission,
});

/** The grants of a canned ACL (S3's list); InvalidArgument for an unknown name. */
export function cannedGrants(name: string): Grant[] {
  switch (name) {
    case 'private':
    case 'bucket-owner-full-control':
    case 'bucket-owner-read':
      return [owner('FULL_CONTROL')];
    case 'public-read':
      return [owner('FULL_CONTROL'), group(ALL_USERS, 'READ')];
    case 'public-read-write':
      return [owner('FULL_CONTROL'), group(ALL_USERS, 'READ'), group(ALL_USERS, 'WRITE')];
    case 'authenticated-read':
      return [owner('FULL_CONTROL'), group(AUTHENTICATED_USERS, 'READ')];
    default:
      throw new S3Error('InvalidArgument', undefined, { ArgumentName: 'x-amz-acl', ArgumentValue: name });
  }
}

/** Grants asked for by headers (x-amz-acl or x-amz-grant-*), or undefined when none are present. */
export function grantsFromHeaders(headers: IncomingHttpHeaders): Grant[] | undefined {
  const canned = headers['x-amz-acl'];
  const explicit = PERMISSIONS.flatMap((p) => {
    const v = headers[`x-amz-grant-${p.toLowerCase().replace('_', '-')}`];
    return typeof v === 'string' ? parseGrantHeader(v, p) : [];
  });
  if (typeof canned === 'string') {
    if (explicit.length > 0) {
      throw new S3Error('InvalidRequest', 'Specifying both Canned ACLs and Header Grants is not allowed');
    }
    return cannedGrants(canned);
  }
  return explicit.length > 0 ? [owner('FULL_CONTROL'), ...explicit] : undefined;
}

function parseGrantHeader(value: string, permission: Grant['permission']): Grant[] {
  return value.split(',').map((part) => {
    const m = /^\s*(id|uri|emailAddress)\s*=\s*"?([^"]+)"?\s*$/.exec(part);
    if (!m) throw new S3Error('InvalidArgument', `Invalid grant header value: ${part.trim()}`);
    if (m[1] === 'emailAddress')
      throw new S3Error('NotImplemented', 'Grants by e-mail address are not supported.');
    const v = m[2] as string;
    return m[1] === 'id'
      ? { grantee: { type: 'CanonicalUser', id: v }, permission }
      : group(checkGroup(v), permission);
  });
}

function checkGroup(uri: string): string {
  if (uri !== ALL_USERS && uri !== AUTHENTICATED_USERS)
    throw new S3Error('InvalidArgument', `Invalid group uri ${uri}`);
  return uri;
}

/** An AccessControlPolicy document (PutBucketAcl / PutObjectAcl body). */
export function grantsFromXml(body: Buffer): Grant[] {
  const doc = parseXml(body, 'AccessControlPolicy', ['Grant']);
  const list = xmlChild(doc.AccessControlList);
  return xmlList(list?.Grant).map((g) => {
    const grantee = xmlChild(g.Grantee) ?? {};
    const permission = PERMISSIONS.find((p) => p === xmlText(g.Permission));
    if (!permission)
      throw new S3Error(
        'MalformedACLError',
        'The XML you provided was not well-formed or did not validate against our published schema.',
      );
    const uri = xmlText(grantee.URI);
    const id = xmlText(grantee.ID);
    if (uri !== undefined) return group(checkGroup(uri), permission);
    if (id !== undefined) return { grantee: { type: 'CanonicalUser', id }, permission };
    throw new S3Error(
      'MalformedACLError',
      'The XML you provided was not well-formed or did not validate against our published schema.',
    );
  });
}

/** Whether the grants give anything to AllUsers or AuthenticatedUsers (a public ACL). */
export function isPublicAcl(grants: Grant[]): boolean {
  return grants.some((g) => g.grantee.type === 'Group');
}

/** Whether the grants amount to "the owner has full control" only (all that BucketOwnerEnforced accepts). */
export function ownerOnly(grants: Grant[]): boolean {
  return grants.every(
    (g) => g.grantee.type === 'CanonicalUser' && g.grantee.id === OWNER.ID && g.permission === 'FULL_CONTROL',
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

/** Whether a bucket's (non-owner) grants let this requester perform the action. */
export function bucketAclAllows(
  grants: Grant[],
  identity: Identity,
  action: string,
  ignorePublic: boolean,
): boolean {
  return grants.some((g) => {
    if (g.grantee.type !== 'Group' || ignorePublic) return false;
    if (g.grantee.uri === AUTHENTICATED_USERS && identity.kind === 'anonymous') return false;
    const actions =
      g.permission === 'FULL_CONTROL' ? Object.values(BUCKET_ACTIONS).flat() : BUCKET_ACTIONS[g.permission];
    return actions.includes(action);
  });
}

/** The AccessControlPolicy document of a list of grants. */
export function aclXml(grants: Grant[]): Record<string, unknown> {
  return {
    Owner: OWNER,
    AccessControlList: {
      Grant: grants.map((g) => ({
        Grantee: {
          '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
          '@_xsi:type': g.grantee.type,
          ...(g.grantee.type === 'Group'
            ? { URI: g.grantee.uri }
            : { ID: g.grantee.id, ...(g.grantee.id === OWNER.ID ? { DisplayName: OWNER.DisplayName } : {}) }),
        },
        Permission: g.permission,
      })),
    },
  };
}
