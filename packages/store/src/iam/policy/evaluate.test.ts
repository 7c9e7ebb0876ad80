import { beforeAll, describe, expect, it } from 'vitest';
import { IamSystem } from '../iam-system.js';
import { MemorySystemStore } from '../testing/memory-system-store.js';
import type { Identity } from '../types.js';
import { conditionValues } from './conditions.js';
import { evaluatePolicies } from './evaluate.js';
import { cidrContains, compileCidrs } from './ip.js';
import { PolicyError, parsePolicy } from './parse.js';
import { wildcardMatch } from './wildcard.js';

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

const user = (name: string): Identity => ({ kind: 'user', accessKey: name, parentUser: name });
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

interface Case {
  name: string;
  who: () => Identity;
  action: string;
  bucket?: string;
  key?: string;
  conditions?: Record<string, string[]>;
  allowed: boolean;
}

const CASES: Case[] = [
  // root and basics
  {
    name: 'root may do anything',
    who: () => ({ kind: 'root', accessKey: 'rootadmin', parentUser: 'rootadmin' }),
    action: 'admin:ServerInfo',
    allowed: true,
  },
  {
    name: 'readonly user may GET',
    who: () => user('alice'),
    action: 's3:GetObject',
    bucket: 'x',
    key: 'k',
    allowed: true,
  },
  {
    name: 'readonly user may not PUT',
    who: () => user('alice'),
    action: 's3:PutObject',
    bucket: 'x',
    key: 'k',
    allowed: false,
  },
  {
    name: 'readonly user may GetBucketLocation',
    who: () => user('alice'),
    action: 's3:GetBucketLocation',
    bucket: 'x',
    allowed: true,
  },
  {
    name: 'readonly user may not ListBucket',
    who: () => user('alice'),
    action: 's3:ListBucket',
    bucket: 'x',
    allowed: false,
  },
  {
    name: 'readonly user may not call admin APIs',
    who: () => user('alice'),
    action: 'admin:ListUsers',
    allowed: false,
  },
  {
    name: 'user with no policy is denied (default deny)',
    who: () => user('nobody'),
    action: 's3:GetObject',
    bucket: 'x',
    key: 'k',
    allowed: false,
  },
  {
    name: 'two attached policies combine (readonly GET)',
    who: () => user('leo'),
    action: 's3:GetObject',
    bucket: 'x',
    key: 'k',
    allowed: true,
  },
  {
    name: 'two attached policies combine (writeonly PUT)',
    who: () => user('leo'),
    action: 's3:PutObject',
    bucket: 'x',
    key: 'k',
    allowed: true,
  },
  {
    name: 'two attached policies do not add DELETE',
    who: () => user('leo'),
    action: 's3:DeleteObject',
    bucket: 'x',
    key: 'k',
    allowed: false,
  },
  {
    name: 'diagnostics allows ServerInfo',
    who: () => user('mia'),
    action: 'admin:ServerInfo',
    allowed: true,
  },
  {
    name: 'diagnostics does not allow ListUsers',
    who: () => user('mia'),
    action: 'admin:ListUsers',
    allowed: false,
  },
  // disabled user, groups
  {
    name: 'disabled user is denied',
    who: () => user('carol'),
    action: 's3:GetObject',
    bucket: 'x',
    key: 'k',
    allowed: false,
  },
  {
    name: 'group policy applies to its member',
    who: () => user('bob'),
    action: 's3:PutObject',
    bucket: 'x',
    key: 'k',
    allowed: true,
  },
  {
    name: 'disabled group policy does not apply',
    who: () => user('dave'),
    action: 's3:GetObject',
    bucket: 'x',
    key: 'k',
    allowed: false,
  },
  // deny precedence and wildcards
  {
    name: 'allow s3:* applies',
    who: () => user('erin'),
    action: 's3:GetObject',
    bucket: 'b',
    key: 'public/x',
    allowed: true,
  },
  {
    name: 'explicit deny wins over allow',
    who: () => user('erin'),
    action: 's3:GetObject',
    bucket: 'b',
    key: 'team/secret/x',
    allowed: false,
  },
  {
    name: 'deny for GetObject leaves PutObject allowed',
    who: () => user('erin'),
    action: 's3:PutObject',
    bucket: 'b',
    key: 'team/secret/x',
    allowed: true,
  },
  {
    name: 'action names are case-insensitive',
    who: () => user('erin'),
    action: 'S3:GETOBJECT',
    bucket: 'b',
    key: 'k',
    allowed: true,
  },
  // prefix scoping
  {
    name: 'prefix user lists inside the prefix',
    who: () => user('frank'),
    action: 's3:ListBucket',
    bucket: 'data',
    conditions: { 's3:prefix': ['home/docs/'] },
    allowed: true,
  },
  {
    name: 'ListBucket also grants ListBucketVersions (prefix user)',
    who: () => user('frank'),
    action: 's3:ListBucketVersions',
    bucket: 'data',
    conditions: { 's3:prefix': ['home/'] },
    allowed: true,
  },
  {
    name: 'anonymous ListBucketVersions follows the ListBucket statement',
    who: () => anonymous,
    action: 's3:ListBucketVersions',
    bucket: 'public',
    conditions: { 's3:prefix': ['docs/'] },
    allowed: true,
  },
  {
    name: 'prefix user cannot list the bucket root',
    who: () => user('frank'),
    action: 's3:ListBucket',
    bucket: 'data',
    conditions: { 's3:prefix': [''] },
    allowed: false,
  },
  {
    name: 'prefix user cannot list another prefix',
    who: () => user('frank'),
    action: 's3:ListBucket',
    bucket: 'data',
    conditions: { 's3:prefix': ['work/'] },
    allowed: false,
  },
  {
    name: 'prefix user reads inside the prefix',
    who: () => user('frank'),
    action: 's3:GetObject',
    bucket: 'data',
    key: 'home/a.txt',
    allowed: true,
  },
  {
    name: 'prefix user cannot read outside the prefix',
    who: () => user('frank'),
    action: 's3:GetObject',
    bucket: 'data',
    key: 'work/a.txt',
    allowed: false,
  },
  {
    name: 'prefix user cannot read another bucket',
    who: () => user('frank'),
    action: 's3:GetObject',
    bucket: 'other',
    key: 'home/a.txt',
    allowed: false,
  },
  // policy variables
  {
    name: `${USERNAME_VAR} grants own folder`,
    who: () => user('gina'),
    action: 's3:PutObject',
    bucket: 'homes',
    key: 'gina/x',
    allowed: true,
  },
  {
    name: `${USERNAME_VAR} denies someone else's folder`,
    who: () => user('gina'),
    action: 's3:PutObject',
    bucket: 'homes',
    key: 'hank/x',
    allowed: false,
  },
  // IP conditions
  {
    name: 'IpAddress inside CIDR allows',
    who: () => user('hank'),
    action: 's3:GetObject',
    bucket: 'b',
    key: 'k',
    conditions: { 'aws:SourceIp': ['10.1.2.3'] },
    allowed: true,
  },
  {
    name: 'IpAddress outside CIDR denies',
    who: () => user('hank'),
    action: 's3:GetObject',
    bucket: 'b',
    key: 'k',
    conditions: { 'aws:SourceIp': ['192.168.1.1'] },
    allowed: false,
  },
  {
    name: 'IPv4-mapped IPv6 source matches IPv4 CIDR',
    who: () => user('hank'),
    action: 's3:GetObject',
    bucket: 'b',
    key: 'k',
    conditions: { 'aws:SourceIp': ['::ffff:10.9.9.9'] },
    allowed: true,
  },
  {
    name: 'IPv6 CIDR matches',
    who: () => user('hank'),
    action: 's3:GetObject',
    bucket: 'b',
    key: 'k',
    conditions: { 'aws:SourceIp': ['2001:db8::1'] },
    allowed: true,
  },
  {
    name: 'missing source IP denies IpAddress',
    who: () => user('hank'),
    action: 's3:GetObject',
    bucket: 'b',
    key: 'k',
    allowed: false,
  },
  // NotAction / NotResource
  {
    name: 'NotAction allows other actions',
    who: () => user('ivan'),
    action: 's3:PutObject',
    bucket: 'b',
    key: 'k',
    allowed: true,
  },
  {
    name: 'NotAction excludes the named action',
    who: () => user('ivan'),
    action: 's3:DeleteObject',
    bucket: 'b',
    key: 'k',
    allowed: false,
  },
  {
    name: 'NotResource allows other resources',
    who: () => user('judy'),
    action: 's3:GetObject',
    bucket: 'public',
    key: 'k',
    allowed: true,
  },
  {
    name: 'NotResource excludes the named resource',
    who: () => user('judy'),
    action: 's3:GetObject',
    bucket: 'private',
    key: 'k',
    allowed: false,
  },
  // other condition keys
  {
    name: 'SSE condition met allows PUT',
    who: () => user('kim'),
    action: 's3:PutObject',
    bucket: 'b',
    key: 'k',
    conditions: { 's3:x-amz-server-side-encryption': ['AES256'] },
    allowed: true,
  },
  {
    name: 'SSE condition missing denies PUT',
    who: () => user('kim'),
    action: 's3:PutObject',
    bucket: 'b',
    key: 'k',
    allowed: false,
  },
  {
    name: 'SecureTransport true allows GET',
    who: () => user('kim'),
    action: 's3:GetObject',
    bucket: 'b',
    key: 'k',
    conditions: { 'aws:SecureTransport': ['true'] },
    allowed: true,
  },
  {
    name: 'SecureTransport false denies GET',
    who: () => user('kim'),
    action: 's3:GetObject',
    bucket: 'b',
    key: 'k',
    conditions: { 'aws:SecureTransport': ['false'] },
    allowed: false,
  },
  // service accounts
  {
    name: 'SA session policy allows inside it',
    who: () => ({ kind: 'service-account', accessKey: bobSa, parentUser: 'bob' }),
    action: 's3:GetObject',
    bucket: 'a',
    key: 'k',
    allowed: true,
  },
  {
    name: 'SA session policy narrows (other bucket)',
    who: () => ({ kind: 'service-account', accessKey: bobSa, parentUser: 'bob' }),
    action: 's3:GetObject',
    bucket: 'b',
    key: 'k',
    allowed: false,
  },
  {
    name: 'SA session policy narrows (PUT not in it)',
    who: () => ({ kind: 'service-account', accessKey: bobSa, parentUser: 'bob' }),
    action: 's3:PutObject',
    bucket: 'a',
    key: 'k',
    allowed: false,
  },
  {
    name: 'SA without session policy inherits parent',
    who: () => ({ kind: 'service-account', accessKey: bobSaUnrestricted, parentUser: 'bob' }),
    action: 's3:PutObject',
    bucket: 'b',
    key: 'k',
    allowed: true,
  },
  // STS
  {
    name: 'STS session policy ∩ parent allows GET in a',
    who: () => ({ kind: 'sts', accessKey: aliceSts, parentUser: 'alice' }),
    action: 's3:GetObject',
    bucket: 'a',
    key: 'k',
    allowed: true,
  },
  {
    name: 'STS session policy cannot widen parent (PUT)',
    who: () => ({ kind: 'sts', accessKey: aliceSts, parentUser: 'alice' }),
    action: 's3:PutObject',
    bucket: 'a',
    key: 'k',
    allowed: false,
  },
  {
    name: 'STS session policy narrows parent (other bucket)',
    who: () => ({ kind: 'sts', accessKey: aliceSts, parentUser: 'alice' }),
    action: 's3:GetObject',
    bucket: 'b',
    key: 'k',
    allowed: false,
  },
  {
    name: 'external STS session gets its claimed policies (GET)',
    who: () => ({ kind: 'sts', accessKey: oidcSts, parentUser: 'oidc:subject-42' }),
    action: 's3:GetObject',
    bucket: 'b',
    key: 'k',
    allowed: true,
  },
  {
    name: 'external STS session gets its claimed policies (ListBucket on a)',
    who: () => ({ kind: 'sts', accessKey: oidcSts, parentUser: 'oidc:subject-42' }),
    action: 's3:ListBucket',
    bucket: 'a',
    allowed: true,
  },
  {
    name: 'external STS session gets nothing beyond its claimed policies',
    who: () => ({ kind: 'sts', accessKey: oidcSts, parentUser: 'oidc:subject-42' }),
    action: 's3:PutObject',
    bucket: 'b',
    key: 'k',
    allowed: false,
  },
  // anonymous with bucket policies
  {
    name: 'anonymous GET allowed by bucket policy',
    who: () => anonymous,
    action: 's3:GetObject',
    bucket: 'public',
    key: 'docs/a.pdf',
    allowed: true,
  },
  {
    name: 'anonymous GET outside the allowed prefix denied',
    who: () => anonymous,
    action: 's3:GetObject',
    bucket: 'public',
    key: 'other/a.pdf',
    allowed: false,
  },
  {
    name: 'anonymous bucket-policy Deny wins',
    who: () => anonymous,
    action: 's3:GetObject',
    bucket: 'public',
    key: 'docs/hidden.pdf',
    allowed: false,
  },
  {
    name: 'anonymous list with the allowed prefix',
    who: () => anonymous,
    action: 's3:ListBucket',
    bucket: 'public',
    conditions: { 's3:prefix': ['docs/'] },
    allowed: true,
  },
  {
    name: 'anonymous list of another prefix denied',
    who: () => anonymous,
    action: 's3:ListBucket',
    bucket: 'public',
    conditions: { 's3:prefix': [''] },
    allowed: false,
  },
  {
    name: 'anonymous PUT denied by bucket policy',
    who: () => anonymous,
    action: 's3:PutObject',
    bucket: 'public',
    key: 'docs/a',
    allowed: false,
  },
  {
    name: 'anonymous denied without a bucket policy',
    who: () => anonymous,
    action: 's3:GetObject',
    bucket: 'nopolicy',
    key: 'k',
    allowed: false,
  },
  {
    name: 'anonymous denied by an empty (private) policy',
    who: () => anonymous,
    action: 's3:GetObject',
    bucket: 'empty',
    key: 'k',
    allowed: false,
  },
];

describe('IAM policy evaluation table', () => {
  it('has at least 40 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });
  for (const c of CASES) {
    it(c.name, async () => {
      const allowed = await iam.isAllowed({
        identity: c.who(),
        action: c.action,
        ...(c.bucket !== undefined ? { bucket: c.bucket } : {}),
        ...(c.key !== undefined ? { key: c.key } : {}),
        conditions: c.conditions ?? {},
      });
      expect(allowed).toBe(c.allowed);
    });
  }
});

describe('policy conditions and qualifiers', () => {
  const evalWith = (condition: object, values: Record<string, string[]>): string =>
    evaluatePolicies(
      [
        parsePolicy(
          doc([
            { Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::*', Condition: condition },
          ]),
        ),
      ],
      { action: 's3:GetObject', bucket: 'b', key: 'k', conditions: conditionValues(values) },
    );

  it('StringNotEquals holds when the key is absent', () => {
    expect(evalWith({ StringNotEquals: { 's3:prefix': 'x' } }, {})).toBe('Allow');
  });
  it('StringEqualsIgnoreCase ignores case', () => {
    expect(
      evalWith({ StringEqualsIgnoreCase: { 'aws:username': 'ALICE' } }, { 'aws:username': ['alice'] }),
    ).toBe('Allow');
  });
  it('ForAllValues:StringEquals needs every value in the set', () => {
    const c = { 'ForAllValues:StringEquals': { 's3:ExistingObjectTag/team': ['a', 'b'] } };
    expect(evalWith(c, { 's3:ExistingObjectTag/team': ['a', 'b'] })).toBe('Allow');
    expect(evalWith(c, { 's3:ExistingObjectTag/team': ['a', 'c'] })).toBe('NoMatch');
  });
  it('ForAnyValue:StringLike needs one value to match', () => {
    const c = { 'ForAnyValue:StringLike': { 's3:prefix': ['logs/*'] } };
    expect(evalWith(c, { 's3:prefix': ['x', 'logs/2024'] })).toBe('Allow');
    expect(evalWith(c, { 's3:prefix': ['x'] })).toBe('NoMatch');
  });
  it('NumericLessThanEquals on s3:max-keys', () => {
    const c = { NumericLessThanEquals: { 's3:max-keys': '100' } };
    expect(evalWith(c, { 's3:max-keys': ['50'] })).toBe('Allow');
    expect(evalWith(c, { 's3:max-keys': ['500'] })).toBe('NoMatch');
  });
  it('DateLessThan on aws:CurrentTime', () => {
    const c = { DateLessThan: { 'aws:CurrentTime': '2030-01-01T00:00:00Z' } };
    expect(evalWith(c, { 'aws:CurrentTime': ['2029-12-31T23:59:59Z'] })).toBe('Allow');
    expect(evalWith(c, { 'aws:CurrentTime': ['2030-06-01T00:00:00Z'] })).toBe('NoMatch');
  });
  it('Null checks presence', () => {
    expect(evalWith({ Null: { 's3:x-amz-server-side-encryption': 'true' } }, {})).toBe('Allow');
    expect(
      evalWith(
        { Null: { 's3:x-amz-server-side-encryption': 'true' } },
        { 's3:x-amz-server-side-encryption': ['AES256'] },
      ),
    ).toBe('NoMatch');
  });
  it('StringEqualsIfExists holds when the key is absent', () => {
    expect(evalWith({ StringEqualsIfExists: { 's3:delimiter': '/' } }, {})).toBe('Allow');
    expect(evalWith({ StringEqualsIfExists: { 's3:delimiter': '/' } }, { 's3:delimiter': ['|'] })).toBe(
      'NoMatch',
    );
  });
  it('NotIpAddress excludes a range', () => {
    expect(
      evalWith({ NotIpAddress: { 'aws:SourceIp': '10.0.0.0/8' } }, { 'aws:SourceIp': ['10.0.0.1'] }),
    ).toBe('NoMatch');
    expect(
      evalWith({ NotIpAddress: { 'aws:SourceIp': '10.0.0.0/8' } }, { 'aws:SourceIp': ['11.0.0.1'] }),
    ).toBe('Allow');
  });
});

describe('policy validation', () => {
  const bad: [string, unknown, RegExp][] = [
    ['not JSON', '{nope', /not valid JSON/],
    ['missing Version', { Statement: [] }, /Version is missing/],
    ['bad Version', { Version: '2020-01-01', Statement: [] }, /invalid policy Version/],
    [
      'bad Effect',
      { Version: '2012-10-17', Statement: [{ Effect: 'Maybe', Action: 's3:*', Resource: '*' }] },
      /invalid Effect/,
    ],
    [
      'missing Action',
      { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Resource: '*' }] },
      /Action is missing/,
    ],
    [
      'bad action',
      { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 'ec2:Run', Resource: '*' }] },
      /invalid action/,
    ],
    [
      'missing Resource',
      { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 's3:GetObject' }] },
      /Resource must not be empty/,
    ],
    [
      'bad resource',
      {
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'bucket/*' }],
      },
      /invalid resource/,
    ],
    [
      'bad operator',
      {
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Action: 's3:GetObject',
            Resource: '*',
            Condition: { StringSorta: { 's3:prefix': 'x' } },
          },
        ],
      },
      /unsupported condition operator/,
    ],
    [
      'bad CIDR',
      {
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Action: 's3:GetObject',
            Resource: '*',
            Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/99' } },
          },
        ],
      },
      /prefix length/,
    ],
  ];
  for (const [name, input, message] of bad) {
    it(`rejects ${name}`, () => {
      expect(() => parsePolicy(typeof input === 'string' ? input : (input as object))).toThrow(PolicyError);
      expect(() => parsePolicy(typeof input === 'string' ? input : (input as object))).toThrow(message);
    });
  }
  it('requires a Principal in bucket policies', () => {
    expect(() =>
      parsePolicy(doc([{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' }]), 'bucket'),
    ).toThrow(/Principal is missing/);
  });
  it('accepts admin statements without Resource', () => {
    expect(parsePolicy(doc([{ Effect: 'Allow', Action: 'admin:*' }])).statements).toHaveLength(1);
  });
});

describe('wildcards', () => {
  it.each([
    ['*', '', true],
    ['a*c', 'abbbc', true],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['b/p*', 'b/p/x/y', true],
    ['b/p*', 'b/q', false],
    ['*/secret/*', 'b/team/secret/x', true],
  ])('%s matches %s → %s', (p, t, want) => {
    expect(wildcardMatch(p, t)).toBe(want);
  });
});

describe('CIDR matching', () => {
  it.each([
    ['10.0.0.0/8', '10.255.1.2', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['192.168.1.7', '192.168.1.7', true],
    ['0.0.0.0/0', '8.8.8.8', true],
    ['10.0.0.0/8', '::ffff:10.1.1.1', true],
    ['2001:db8::/32', '2001:db8:ffff::1', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['64:ff9b::/96', '64:ff9b::1.2.3.4', true],
    ['::1/128', '::1', true],
    ['10.0.0.0/8', 'not-an-ip', false],
  ])('%s contains %s → %s', (cidr, ip, want) => {
    const set = compileCidrs([cidr]);
    if (typeof set === 'string') throw new Error(set);
    expect(cidrContains(set, ip)).toBe(want);
  });
  it('rejects bad CIDRs', () => {
    expect(compileCidrs(['10.0.0.0/33'])).toMatch(/prefix length/);
    expect(compileCidrs(['300.1.1.1'])).toMatch(/not an IP/);
    expect(compileCidrs(['01.1.1.1'])).toMatch(/not an IP/);
  });
});

describe('external STS sessions', () => {
  it('resolve although their parent is not an internal user', async () => {
    const creds = await iam.lookup(oidcSts);
    expect(creds?.identity).toMatchObject({ kind: 'sts', parentUser: 'oidc:subject-42' });
    expect(iam.effectivePolicyDocument(creds?.identity ?? anonymous).Statement).toHaveLength(2);
  });
});
