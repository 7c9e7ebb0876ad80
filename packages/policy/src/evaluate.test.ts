// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { conditionValues } from './conditions.js';
import {
  combineDecisions,
  type Decision,
  evaluatePolicies,
  explainPolicies,
  isAllowedByPolicies,
  requestResource,
} from './evaluate.js';
import { type PolicyKind, parsePolicy } from './parse.js';
import type { PolicyArgs } from './types.js';

/** The IAM policy variable, spelled without a JS template placeholder. */
const USERNAME_VAR = ['$', '{aws:username}'].join('');

const policy = (statements: object[], kind: PolicyKind = 'iam') =>
  parsePolicy({ Version: '2012-10-17', Statement: statements }, kind);
const allow = (action: string | string[], resource: string | string[] = 'arn:aws:s3:::*', more = {}) => ({
  Effect: 'Allow',
  Action: action,
  Resource: resource,
  ...more,
});
const deny = (action: string | string[], resource: string | string[] = 'arn:aws:s3:::*', more = {}) => ({
  ...allow(action, resource, more),
  Effect: 'Deny',
});

/** `action bucket[/key]`, e.g. `s3:GetObject b/k`; `admin:ServerInfo` alone has no bucket. */
function ask(request: string, extra: Partial<PolicyArgs> = {}): PolicyArgs {
  const [action = '', resource] = request.split(' ');
  const slash = resource?.indexOf('/') ?? -1;
  return {
    action,
    ...(resource !== undefined ? { bucket: slash === -1 ? resource : resource.slice(0, slash) } : {}),
    ...(resource !== undefined && slash !== -1 ? { key: resource.slice(slash + 1) } : {}),
    conditions: conditionValues({}),
    ...extra,
  };
}

/** name, statements, request, decision. */
const RULES: [string, object[], string, Decision][] = [
  [
    'no statement applies: implicit deny',
    [allow('s3:GetObject', 'arn:aws:s3:::a/*')],
    's3:GetObject b/k',
    'NoMatch',
  ],
  ['an Allow applies', [allow('s3:GetObject')], 's3:GetObject b/k', 'Allow'],
  [
    'explicit Deny wins over an Allow before it',
    [allow('s3:*'), deny('s3:GetObject')],
    's3:GetObject b/k',
    'Deny',
  ],
  [
    'explicit Deny wins over an Allow after it',
    [deny('s3:GetObject'), allow('s3:*')],
    's3:GetObject b/k',
    'Deny',
  ],
  [
    'a Deny of another action leaves the Allow',
    [allow('s3:*'), deny('s3:PutObject')],
    's3:GetObject b/k',
    'Allow',
  ],
  ['actions match without case', [allow('s3:getobject')], 'S3:GetObject b/k', 'Allow'],
  ['action wildcards', [allow('s3:Get*')], 's3:GetObjectTagging b/k', 'Allow'],
  ['action wildcards do not overreach', [allow('s3:Get*')], 's3:PutObject b/k', 'NoMatch'],
  ['Action "*" covers every action', [allow('*')], 's3:DeleteBucket b', 'Allow'],
  [
    'NotAction: Allow covers what is not listed',
    [{ Effect: 'Allow', NotAction: 's3:DeleteObject', Resource: 'arn:aws:s3:::*' }],
    's3:PutObject b/k',
    'Allow',
  ],
  [
    'NotAction: Allow does not cover what is listed',
    [{ Effect: 'Allow', NotAction: 's3:DeleteObject', Resource: 'arn:aws:s3:::*' }],
    's3:DeleteObject b/k',
    'NoMatch',
  ],
  [
    'NotAction: Deny of everything but reads',
    [allow('s3:*'), { Effect: 'Deny', NotAction: 's3:Get*', Resource: 'arn:aws:s3:::*' }],
    's3:PutObject b/k',
    'Deny',
  ],
  [
    'NotResource: Allow covers other resources',
    [{ Effect: 'Allow', Action: 's3:GetObject', NotResource: 'arn:aws:s3:::private/*' }],
    's3:GetObject public/k',
    'Allow',
  ],
  [
    'NotResource: Allow does not cover the listed resource',
    [{ Effect: 'Allow', Action: 's3:GetObject', NotResource: 'arn:aws:s3:::private/*' }],
    's3:GetObject private/k',
    'NoMatch',
  ],
  [
    'resource wildcards cross /',
    [allow('s3:GetObject', 'arn:aws:s3:::b/*/x')],
    's3:GetObject b/p/q/x',
    'Allow',
  ],
  [
    '"bucket" names the bucket for bucket actions',
    [allow('s3:ListBucket', 'arn:aws:s3:::b')],
    's3:ListBucket b',
    'Allow',
  ],
  [
    '"bucket/*" also covers bucket actions (MinIO)',
    [allow('s3:ListBucket', 'arn:aws:s3:::b/*')],
    's3:ListBucket b',
    'Allow',
  ],
  [
    '"bucket" does not cover its objects',
    [allow('s3:GetObject', 'arn:aws:s3:::b')],
    's3:GetObject b/k',
    'NoMatch',
  ],
  [
    'a key with a literal * still matches "bucket/*"',
    [allow('s3:GetObject', 'arn:aws:s3:::b/*')],
    's3:GetObject b/*k',
    'Allow',
  ],
  ['admin actions ignore Resource', [allow('admin:*', 'arn:aws:s3:::nothing')], 'admin:ServerInfo', 'Allow'],
  ['kms actions ignore Resource', [{ Effect: 'Allow', Action: 'kms:*' }], 'kms:Status', 'Allow'],
  [
    'policy variables in resources',
    [allow('s3:*', `arn:aws:s3:::home/${USERNAME_VAR}/*`)],
    's3:PutObject home/alice/x',
    'Allow',
  ],
  [
    'conditions must hold for the statement to apply',
    [allow('s3:ListBucket', 'arn:aws:s3:::b', { Condition: { StringLike: { 's3:prefix': 'home/*' } } })],
    's3:ListBucket b',
    'NoMatch',
  ],
];

describe('AWS evaluation rules', () => {
  const vars = { conditions: conditionValues({ 'aws:username': ['alice'] }) };
  for (const [name, statements, request, want] of RULES) {
    it(name, () => {
      expect(evaluatePolicies([policy(statements)], ask(request, vars))).toBe(want);
    });
  }

  it('pools the statements of several policies (a Deny in one beats an Allow in another)', () => {
    const a = policy([allow('s3:*')]);
    const b = policy([deny('s3:DeleteObject')]);
    expect(evaluatePolicies([a, b], ask('s3:GetObject b/k'))).toBe('Allow');
    expect(evaluatePolicies([a, b], ask('s3:DeleteObject b/k'))).toBe('Deny');
    expect(evaluatePolicies([], ask('s3:GetObject b/k'))).toBe('NoMatch');
  });

  it('matches bucket-policy principals and NotPrincipal', () => {
    const p = policy(
      [
        allow('s3:GetObject', 'arn:aws:s3:::b/*', { Principal: { AWS: ['alice'] } }),
        deny('s3:GetObject', 'arn:aws:s3:::b/secret/*', { NotPrincipal: { AWS: 'alice' } }),
        allow('s3:ListBucket', 'arn:aws:s3:::b', { Principal: '*' }),
      ],
      'bucket',
    );
    expect(evaluatePolicies([p], ask('s3:GetObject b/k', { principal: 'alice' }))).toBe('Allow');
    expect(evaluatePolicies([p], ask('s3:GetObject b/k', { principal: 'bob' }))).toBe('NoMatch');
    expect(evaluatePolicies([p], ask('s3:GetObject b/secret/k', { principal: 'bob' }))).toBe('Deny');
    expect(evaluatePolicies([p], ask('s3:GetObject b/secret/k', { principal: 'alice' }))).toBe('Allow');
    expect(evaluatePolicies([p], ask('s3:ListBucket b', { principal: '*' }))).toBe('Allow');
  });

  it('names a caller by any of its names, IAM ARNs in any account field', () => {
    const p = policy(
      [
        allow('s3:GetObject', 'arn:aws:s3:::b/*', {
          Principal: { AWS: 'arn:aws:iam::123456789012:user/alice' },
        }),
      ],
      'bucket',
    );
    const alice = ['arn:aws:iam:::user/alice', 'alice'];
    expect(evaluatePolicies([p], ask('s3:GetObject b/k', { principal: alice }))).toBe('Allow');
    expect(
      evaluatePolicies([p], ask('s3:GetObject b/k', { principal: ['arn:aws:iam:::user/bob', 'bob'] })),
    ).toBe('NoMatch');
    // A role or another kind of ARN with the same name does not name the user.
    expect(evaluatePolicies([p], ask('s3:GetObject b/k', { principal: ['arn:aws:iam:::role/alice'] }))).toBe(
      'NoMatch',
    );
  });

  it('combines identity and bucket decisions: a Deny anywhere wins, an Allow in either grants', () => {
    expect(combineDecisions(['Allow', 'Deny'])).toBe('Deny');
    expect(combineDecisions(['NoMatch', 'Allow'])).toBe('Allow');
    expect(combineDecisions(['Allow', 'NoMatch'])).toBe('Allow');
    expect(combineDecisions(['NoMatch', 'NoMatch'])).toBe('NoMatch');
    expect(combineDecisions([])).toBe('NoMatch');
  });

  it('deny-only requests are allowed unless explicitly denied', () => {
    const p = [policy([deny('admin:CreateUser'), allow('s3:GetObject')])];
    expect(isAllowedByPolicies(p, ask('admin:CreateServiceAccount', { denyOnly: true }))).toBe(true);
    expect(isAllowedByPolicies(p, ask('admin:CreateUser', { denyOnly: true }))).toBe(false);
    expect(isAllowedByPolicies(p, ask('admin:CreateServiceAccount'))).toBe(false);
  });

  it('builds the request resource as MinIO does', () => {
    expect(requestResource('b', 'k/x')).toBe('b/k/x');
    expect(requestResource('b', '/k')).toBe('b/k');
    expect(requestResource('b', undefined)).toBe('b/');
    expect(requestResource(undefined, undefined)).toBe('/');
  });
});

describe('explainPolicies', () => {
  const readAll = policy([{ Sid: 'ReadAll', ...allow('s3:GetObject') }]);
  const noSecrets = policy([
    allow('s3:*'),
    { Sid: 'NoSecrets', ...deny('s3:GetObject', 'arn:aws:s3:::*/secret/*') },
  ]);

  it('names the deciding Deny, even after an Allow', () => {
    const e = explainPolicies([readAll, noSecrets], ask('s3:GetObject b/secret/x'), [
      'readonly',
      'deny-secret',
    ]);
    expect(e).toEqual({
      decision: 'Deny',
      allowed: false,
      statement: {
        policyIndex: 1,
        policyName: 'deny-secret',
        statementIndex: 1,
        sid: 'NoSecrets',
        effect: 'Deny',
      },
      summary: 'Deny by statement 1 (Sid "NoSecrets") of policy "deny-secret"',
    });
  });

  it('names the first Allow when nothing denies', () => {
    const e = explainPolicies([readAll, noSecrets], ask('s3:GetObject b/x'));
    expect(e.decision).toBe('Allow');
    expect(e.allowed).toBe(true);
    expect(e.statement).toEqual({ policyIndex: 0, statementIndex: 0, sid: 'ReadAll', effect: 'Allow' });
    expect(e.summary).toBe('Allow by statement 0 (Sid "ReadAll") of policy #0');
  });

  it('says implicit deny when no statement applies, and agrees with evaluatePolicies', () => {
    const e = explainPolicies([readAll], ask('s3:PutObject b/x'));
    expect(e).toMatchObject({ decision: 'NoMatch', allowed: false, statement: null });
    expect(e.summary).toBe('implicit deny: no statement allows s3:PutObject on b/x');
    const d = explainPolicies([readAll], ask('admin:CreateUser', { denyOnly: true }));
    expect(d).toMatchObject({ decision: 'NoMatch', allowed: true, statement: null });
    for (const [, statements, request] of RULES.slice(1)) {
      const p = [policy(statements)];
      expect(explainPolicies(p, ask(request)).decision).toBe(evaluatePolicies(p, ask(request)));
    }
  });
});
