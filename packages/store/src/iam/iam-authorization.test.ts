// SPDX-License-Identifier: Apache-2.0
import { beforeAll, describe, expect, it } from 'vitest';
import { IamSystem } from './iam-system.js';
import { MemorySystemStore } from './testing/memory-system-store.js';
import type { Identity } from './types.js';

/*
 * IamSystem.isAllowed end to end: which policies apply to which identity (users, groups, disabled
 * accounts, service accounts, STS sessions, anonymous requests under bucket policies) and how they
 * combine. The evaluation rules themselves are tested in @stowage/policy.
 */

/** The IAM policy variable, spelled without a JS template placeholder. */
const USERNAME_VAR = ['$', '{aws:username}'].join('');

const ROOT = { accessKey: 'rootadmin', secretKey: 'rootsecret123' };

const doc = (statements: object[]): string =>
  JSON.stringify({ Version: '2012-10-17', Statement: statements });

const POLICIES: Record<string, string> = {
  'prefix-home': doc([
    {
      Effect: 'Allow',
      Action: ['s3:ListBucket'],
      Resource: ['arn:aws:s3:::data'],
      Condition: { StringLike: { 's3:prefix': ['home/*'] } },
    },
    { Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: ['arn:aws:s3:::data/home/*'] },
  ]),
  'deny-secret': doc([
    { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] },
    { Effect: 'Deny', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::*/secret/*'] },
  ]),
  'own-folder': doc([
    { Effect: 'Allow', Action: ['s3:*'], Resource: [`arn:aws:s3:::homes/${USERNAME_VAR}/*`] },
  ]),
  'office-ip': doc([
    {
      Effect: 'Allow',
      Action: ['s3:GetObject'],
      Resource: ['arn:aws:s3:::*'],
      Condition: { IpAddress: { 'aws:SourceIp': ['10.0.0.0/8', '2001:db8::/32'] } },
    },
  ]),
  'not-delete': doc([{ Effect: 'Allow', NotAction: ['s3:DeleteObject'], Resource: ['arn:aws:s3:::*'] }]),
  'not-private': doc([
    { Effect: 'Allow', Action: ['s3:GetObject'], NotResource: ['arn:aws:s3:::private/*'] },
  ]),
  'sse-only': doc([
    {
      Effect: 'Allow',
      Action: ['s3:PutObject'],
      Resource: ['arn:aws:s3:::*'],
      Condition: { StringEquals: { 's3:x-amz-server-side-encryption': 'AES256' } },
    },
  ]),
  'tls-only': doc([
    {
      Effect: 'Allow',
      Action: ['s3:GetObject'],
      Resource: ['arn:aws:s3:::*'],
      Condition: { Bool: { 'aws:SecureTransport': 'true' } },
    },
  ]),
  'bucket-a-read': doc([
    {
      Effect: 'Allow',
      Action: ['s3:GetObject', 's3:ListBucket'],
      Resource: ['arn:aws:s3:::a', 'arn:aws:s3:::a/*'],
    },
  ]),
};

let iam: IamSystem;
let bobSa = '';
let bobSaUnrestricted = '';
let aliceSts = '';
let oidcSts = '';

const anonymous: Identity = { kind: 'anonymous', accessKey: '', parentUser: '' };
const bucketPolicies: Record<string, string> = {
  public: JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { AWS: ['*'] },
        Action: ['s3:GetBucketLocation'],
        Resource: ['arn:aws:s3:::public'],
      },
      {
        Effect: 'Allow',
        Principal: { AWS: ['*'] },
        Action: ['s3:ListBucket'],
        Resource: ['arn:aws:s3:::public'],
        Condition: { StringEquals: { 's3:prefix': ['docs/'] } },
      },
      { Effect: 'Allow', Principal: '*', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::public/docs/*'] },
      {
        Effect: 'Deny',
        Principal: '*',
        Action: ['s3:GetObject'],
        Resource: ['arn:aws:s3:::public/docs/hidden*'],
      },
    ],
  }),
  empty: JSON.stringify({ Version: '2012-10-17', Statement: [] }),
};

beforeAll(async () => {
  iam = new IamSystem(new MemorySystemStore(), ROOT, {
    bucketPolicies: async (b) => (bucketPolicies[b] ? Buffer.from(bucketPolicies[b]) : null),
  });
  for (const [name, text] of Object.entries(POLICIES)) await iam.addPolicy(name, text);
  const users: [string, string[]][] = [
    ['alice', ['readonly']],
    ['bob', []],
    ['carol', ['readwrite']],
    ['dave', []],
    ['erin', ['deny-secret']],
    ['frank', ['prefix-home']],
    ['gina', ['own-folder']],
    ['hank', ['office-ip']],
    ['ivan', ['not-delete']],
    ['judy', ['not-private']],
    ['kim', ['sse-only', 'tls-only']],
    ['leo', ['readonly', 'writeonly']],
    ['mia', ['diagnostics']],
  ];
  for (const [name, policies] of users) {
    await iam.addUser(name, `${name}-secret-key`);
    if (policies.length > 0) await iam.setPolicy(policies, name, false);
  }
  await iam.setUserStatus('carol', 'disabled');
  await iam.updateGroupMembers('devs', ['bob'], false);
  await iam.setPolicy(['readwrite'], 'devs', true);
  await iam.updateGroupMembers('ops', ['dave'], false);
  await iam.setPolicy(['readwrite'], 'ops', true);
  await iam.setGroupStatus('ops', 'disabled');
  bobSa = (await iam.addServiceAccount({ parentUser: 'bob', policy: POLICIES['bucket-a-read'] })).accessKey;
  bobSaUnrestricted = (await iam.addServiceAccount({ parentUser: 'bob' })).accessKey;
  aliceSts = (
    await iam.createStsSession({
      parentUser: 'alice',
      durationSeconds: 900,
      policy: doc([{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::a/*'] }]),
      source: 'AssumeRole',
    })
  ).accessKey;
  // An external identity (OpenID subject) that is not an internal user, with policies from its claim.
  oidcSts = (
    await iam.createStsSession({
      parentUser: 'oidc:subject-42',
      durationSeconds: 900,
      externalPolicies: ['readonly', 'bucket-a-read'],
      source: 'AssumeRoleWithWebIdentity',
    })
  ).accessKey;
});

/** Who asks: `user:<name>`, `root`, `anonymous`, `sa:bob`, `sa:bob-unrestricted`, `sts:alice`, `sts:oidc`. */
function identity(who: string): Identity {
  if (who === 'root') return { kind: 'root', accessKey: 'rootadmin', parentUser: 'rootadmin' };
  if (who === 'anonymous') return anonymous;
  const [kind, name = ''] = who.split(':');
  if (kind === 'user') return { kind: 'user', accessKey: name, parentUser: name };
  if (who === 'sa:bob') return { kind: 'service-account', accessKey: bobSa, parentUser: 'bob' };
  if (who === 'sa:bob-unrestricted') {
    return { kind: 'service-account', accessKey: bobSaUnrestricted, parentUser: 'bob' };
  }
  if (who === 'sts:alice') return { kind: 'sts', accessKey: aliceSts, parentUser: 'alice' };
  return { kind: 'sts', accessKey: oidcSts, parentUser: 'oidc:subject-42' };
}

/** name, who, action, `bucket[/key]` ('' = none), allowed, request condition values. */
type Case = [string, string, string, string, boolean, Record<string, string[]>?];

const CASES: Case[] = [
  // root and basics
  ['root may do anything', 'root', 'admin:ServerInfo', '', true],
  ['readonly user may GET', 'user:alice', 's3:GetObject', 'x/k', true],
  ['readonly user may not PUT', 'user:alice', 's3:PutObject', 'x/k', false],
  ['readonly user may GetBucketLocation', 'user:alice', 's3:GetBucketLocation', 'x', true],
  ['readonly user may not ListBucket', 'user:alice', 's3:ListBucket', 'x', false],
  ['readonly user may not call admin APIs', 'user:alice', 'admin:ListUsers', '', false],
  ['user with no policy is denied (default deny)', 'user:nobody', 's3:GetObject', 'x/k', false],
  ['two attached policies combine (readonly GET)', 'user:leo', 's3:GetObject', 'x/k', true],
  ['two attached policies combine (writeonly PUT)', 'user:leo', 's3:PutObject', 'x/k', true],
  ['two attached policies do not add DELETE', 'user:leo', 's3:DeleteObject', 'x/k', false],
  ['diagnostics allows ServerInfo', 'user:mia', 'admin:ServerInfo', '', true],
  ['diagnostics does not allow ListUsers', 'user:mia', 'admin:ListUsers', '', false],
  // disabled user, groups
  ['disabled user is denied', 'user:carol', 's3:GetObject', 'x/k', false],
  ['group policy applies to its member', 'user:bob', 's3:PutObject', 'x/k', true],
  ['disabled group policy does not apply', 'user:dave', 's3:GetObject', 'x/k', false],
  // deny precedence and wildcards
  ['allow s3:* applies', 'user:erin', 's3:GetObject', 'b/public/x', true],
  ['explicit deny wins over allow', 'user:erin', 's3:GetObject', 'b/team/secret/x', false],
  ['deny for GetObject leaves PutObject allowed', 'user:erin', 's3:PutObject', 'b/team/secret/x', true],
  ['action names are case-insensitive', 'user:erin', 'S3:GETOBJECT', 'b/k', true],
  // prefix scoping
  [
    'prefix user lists inside the prefix',
    'user:frank',
    's3:ListBucket',
    'data',
    true,
    { 's3:prefix': ['home/docs/'] },
  ],
  [
    'ListBucket also grants ListBucketVersions (prefix user)',
    'user:frank',
    's3:ListBucketVersions',
    'data',
    true,
    { 's3:prefix': ['home/'] },
  ],
  [
    'anonymous ListBucketVersions follows the ListBucket statement',
    'anonymous',
    's3:ListBucketVersions',
    'public',
    true,
    { 's3:prefix': ['docs/'] },
  ],
  [
    'prefix user cannot list the bucket root',
    'user:frank',
    's3:ListBucket',
    'data',
    false,
    { 's3:prefix': [''] },
  ],
  [
    'prefix user cannot list another prefix',
    'user:frank',
    's3:ListBucket',
    'data',
    false,
    { 's3:prefix': ['work/'] },
  ],
  ['prefix user reads inside the prefix', 'user:frank', 's3:GetObject', 'data/home/a.txt', true],
  ['prefix user cannot read outside the prefix', 'user:frank', 's3:GetObject', 'data/work/a.txt', false],
  ['prefix user cannot read another bucket', 'user:frank', 's3:GetObject', 'other/home/a.txt', false],
  // policy variables
  [`${USERNAME_VAR} grants own folder`, 'user:gina', 's3:PutObject', 'homes/gina/x', true],
  [`${USERNAME_VAR} denies someone else's folder`, 'user:gina', 's3:PutObject', 'homes/hank/x', false],
  // IP conditions
  [
    'IpAddress inside CIDR allows',
    'user:hank',
    's3:GetObject',
    'b/k',
    true,
    { 'aws:SourceIp': ['10.1.2.3'] },
  ],
  [
    'IpAddress outside CIDR denies',
    'user:hank',
    's3:GetObject',
    'b/k',
    false,
    { 'aws:SourceIp': ['192.168.1.1'] },
  ],
  [
    'IPv4-mapped IPv6 source matches IPv4 CIDR',
    'user:hank',
    's3:GetObject',
    'b/k',
    true,
    { 'aws:SourceIp': ['::ffff:10.9.9.9'] },
  ],
  ['IPv6 CIDR matches', 'user:hank', 's3:GetObject', 'b/k', true, { 'aws:SourceIp': ['2001:db8::1'] }],
  ['missing source IP denies IpAddress', 'user:hank', 's3:GetObject', 'b/k', false],
  // NotAction / NotResource
  ['NotAction allows other actions', 'user:ivan', 's3:PutObject', 'b/k', true],
  ['NotAction excludes the named action', 'user:ivan', 's3:DeleteObject', 'b/k', false],
  ['NotResource allows other resources', 'user:judy', 's3:GetObject', 'public/k', true],
  ['NotResource excludes the named resource', 'user:judy', 's3:GetObject', 'private/k', false],
  // other condition keys
  [
    'SSE condition met allows PUT',
    'user:kim',
    's3:PutObject',
    'b/k',
    true,
    { 's3:x-amz-server-side-encryption': ['AES256'] },
  ],
  ['SSE condition missing denies PUT', 'user:kim', 's3:PutObject', 'b/k', false],
  [
    'SecureTransport true allows GET',
    'user:kim',
    's3:GetObject',
    'b/k',
    true,
    { 'aws:SecureTransport': ['true'] },
  ],
  [
    'SecureTransport false denies GET',
    'user:kim',
    's3:GetObject',
    'b/k',
    false,
    { 'aws:SecureTransport': ['false'] },
  ],
  // service accounts
  ['SA session policy allows inside it', 'sa:bob', 's3:GetObject', 'a/k', true],
  ['SA session policy narrows (other bucket)', 'sa:bob', 's3:GetObject', 'b/k', false],
  ['SA session policy narrows (PUT not in it)', 'sa:bob', 's3:PutObject', 'a/k', false],
  ['SA without session policy inherits parent', 'sa:bob-unrestricted', 's3:PutObject', 'b/k', true],
  // STS
  ['STS session policy ∩ parent allows GET in a', 'sts:alice', 's3:GetObject', 'a/k', true],
  ['STS session policy cannot widen parent (PUT)', 'sts:alice', 's3:PutObject', 'a/k', false],
  ['STS session policy narrows parent (other bucket)', 'sts:alice', 's3:GetObject', 'b/k', false],
  ['external STS session gets its claimed policies (GET)', 'sts:oidc', 's3:GetObject', 'b/k', true],
  [
    'external STS session gets its claimed policies (ListBucket on a)',
    'sts:oidc',
    's3:ListBucket',
    'a',
    true,
  ],
  ['external STS session gets nothing beyond its claimed policies', 'sts:oidc', 's3:PutObject', 'b/k', false],
  // anonymous with bucket policies
  ['anonymous GET allowed by bucket policy', 'anonymous', 's3:GetObject', 'public/docs/a.pdf', true],
  [
    'anonymous GET outside the allowed prefix denied',
    'anonymous',
    's3:GetObject',
    'public/other/a.pdf',
    false,
  ],
  ['anonymous bucket-policy Deny wins', 'anonymous', 's3:GetObject', 'public/docs/hidden.pdf', false],
  [
    'anonymous list with the allowed prefix',
    'anonymous',
    's3:ListBucket',
    'public',
    true,
    { 's3:prefix': ['docs/'] },
  ],
  [
    'anonymous list of another prefix denied',
    'anonymous',
    's3:ListBucket',
    'public',
    false,
    { 's3:prefix': [''] },
  ],
  ['anonymous PUT denied by bucket policy', 'anonymous', 's3:PutObject', 'public/docs/a', false],
  ['anonymous denied without a bucket policy', 'anonymous', 's3:GetObject', 'nopolicy/k', false],
  ['anonymous denied by an empty (private) policy', 'anonymous', 's3:GetObject', 'empty/k', false],
];

describe('IAM policy evaluation table', () => {
  it('has at least 40 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });
  for (const [name, who, action, resource, want, conditions] of CASES) {
    it(name, async () => {
      const slash = resource.indexOf('/');
      const bucket = slash === -1 ? resource : resource.slice(0, slash);
      const allowed = await iam.isAllowed({
        identity: identity(who),
        action,
        ...(bucket !== '' ? { bucket } : {}),
        ...(slash !== -1 ? { key: resource.slice(slash + 1) } : {}),
        conditions: conditions ?? {},
      });
      expect(allowed).toBe(want);
    });
  }
});

describe('external STS sessions', () => {
  it('resolve although their parent is not an internal user', async () => {
    const creds = await iam.lookup(oidcSts);
    expect(creds?.identity).toMatchObject({ kind: 'sts', parentUser: 'oidc:subject-42' });
    expect(iam.effectivePolicyDocument(creds?.identity ?? anonymous).Statement).toHaveLength(2);
  });
});
