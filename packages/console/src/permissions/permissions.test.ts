// SPDX-License-Identifier: Apache-2.0
import { pagePaths } from '@stowage/contracts';
import { readPolicy as parsePolicyDocument, wildcardMatch } from '@stowage/policy';
import { describe, expect, it } from 'vitest';
import { canDo, consoleActions, hasPermission, isAllowed, sessionPermissions } from './evaluate.js';
import { allowedPages } from './pages.js';

// PROTOCOL-NOTES §4: the canned policies as the store reports them.
const consoleAdmin = parsePolicyDocument({
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Action: ['admin:*'] },
    { Effect: 'Allow', Action: ['kms:*'] },
    { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] },
  ],
});
const readonly = parsePolicyDocument(
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: ['s3:GetBucketLocation', 's3:GetObject'], Resource: 'arn:aws:s3:::*' },
    ],
  }),
);
// biome-ignore lint/suspicious/noTemplateCurlyInString: an IAM policy variable, not a JS template
const USERNAME_VAR = '${aws:username}';
const prefixOnly = parsePolicyDocument({
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Action: 's3:GetBucketLocation', Resource: 'arn:aws:s3:::team' },
    {
      Effect: 'Allow',
      Action: 's3:ListBucket',
      Resource: 'arn:aws:s3:::team',
      Condition: { StringLike: { 's3:prefix': [`home/${USERNAME_VAR}/*`] } },
    },
    {
      Effect: 'Allow',
      Action: ['s3:GetObject', 's3:PutObject'],
      Resource: `arn:aws:s3:::team/home/${USERNAME_VAR}/*`,
    },
  ],
});

const pagesOf = (policy: ReturnType<typeof parsePolicyDocument>, builtinUser = true): string[] =>
  allowedPages({ permissions: sessionPermissions(policy, { 'aws:username': 'alice' }), builtinUser });

describe('wildcardMatch', () => {
  it('handles * and ? and backtracking', () => {
    expect(wildcardMatch('s3:*', 's3:GetObject')).toBe(true);
    expect(wildcardMatch('s3:Get*', 's3:PutObject')).toBe(false);
    expect(wildcardMatch('a*b*c', 'axxbyyc')).toBe(true);
    expect(wildcardMatch('a*b*c', 'axxbyy')).toBe(false);
    expect(wildcardMatch('b?', 'b1')).toBe(true);
    expect(wildcardMatch('*', '')).toBe(true);
  });
});

describe('policy evaluation', () => {
  it('lets Deny win over Allow', () => {
    const p = parsePolicyDocument({
      Statement: [
        { Effect: 'Allow', Action: 's3:*', Resource: 'arn:aws:s3:::*' },
        { Effect: 'Deny', Action: 's3:DeleteBucket', Resource: 'arn:aws:s3:::keep' },
      ],
    });
    expect(isAllowed(p, { action: 's3:DeleteBucket', bucket: 'other' })).toBe(true);
    expect(isAllowed(p, { action: 's3:DeleteBucket', bucket: 'keep' })).toBe(false);
  });

  it('treats CreateUser and CreateServiceAccount as allowed unless denied', () => {
    expect(consoleActions(readonly)).toContain('admin:CreateServiceAccount');
    const denied = parsePolicyDocument({
      Statement: [
        { Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::*' },
        { Effect: 'Deny', Action: 'admin:CreateUser' },
      ],
    });
    expect(consoleActions(denied)).not.toContain('admin:CreateUser');
  });

  it('evaluates prefix conditions and the aws:username variable', () => {
    const vars = { 'aws:username': 'alice' };
    const ask = (prefix: string): boolean =>
      isAllowed(prefixOnly, {
        action: 's3:ListBucket',
        bucket: 'team',
        variables: vars,
        conditions: { 's3:prefix': [prefix] },
      });
    expect(ask('home/alice/docs')).toBe(true);
    expect(ask('home/bob/')).toBe(false);
    expect(
      isAllowed(prefixOnly, {
        action: 's3:PutObject',
        bucket: 'team',
        object: 'home/alice/x',
        variables: vars,
      }),
    ).toBe(true);
    expect(
      isAllowed(prefixOnly, {
        action: 's3:PutObject',
        bucket: 'team',
        object: 'home/bob/x',
        variables: vars,
      }),
    ).toBe(false);
  });

  it('answers has-permission for object actions on a bucket when some prefix is granted', () => {
    const vars = { 'aws:username': 'alice' };
    expect(canDo(prefixOnly, 's3:PutObject', 'team', vars)).toBe(true);
    expect(canDo(prefixOnly, 's3:PutObject', 'other', vars)).toBe(false);
    expect(canDo(prefixOnly, 's3:CreateBucket', '', vars)).toBe(false);
    expect(canDo(consoleAdmin, 's3:CreateBucket', '', vars)).toBe(true);
    expect(canDo(readonly, 's3:PutObject', 'team', vars)).toBe(false);
  });
});

describe('session permissions and pages', () => {
  it('gives consoleAdmin every console page', () => {
    const pages = pagesOf(consoleAdmin);
    for (const p of [
      pagePaths.dashboard,
      pagePaths.buckets,
      pagePaths.users,
      pagePaths.groups,
      pagePaths.policies,
      pagePaths.trace,
      pagePaths.logs,
      pagePaths.heal,
      pagePaths.healthInfo,
      pagePaths.settings,
      pagePaths.watch,
      pagePaths.account,
      pagePaths.accountChangePassword,
    ]) {
      expect(pages).toContain(p);
    }
    expect(pages).not.toContain(pagePaths.tenants);
    // Heal needs an erasure-coded setup.
    const single = allowedPages({
      permissions: sessionPermissions(consoleAdmin),
      builtinUser: true,
      distributed: false,
    });
    expect(single).not.toContain(pagePaths.heal);
    expect(single).toContain(pagePaths.trace);
    // Root is not an IAM user: no password change.
    expect(pagesOf(consoleAdmin, false)).not.toContain(pagePaths.accountChangePassword);
  });

  it('gives readonly only the always-shown pages and the password change', () => {
    expect(pagesOf(readonly)).toEqual([
      pagePaths.buckets,
      pagePaths.bucketPages,
      pagePaths.account,
      pagePaths.license,
      pagePaths.accountChangePassword,
    ]);
  });

  it('keeps prefix-only grants on their resources, not console-wide', () => {
    const perms = sessionPermissions(prefixOnly, { 'aws:username': 'alice' });
    expect(perms['console-ui']).not.toContain('s3:ListBucket');
    expect(perms['arn:aws:s3:::team/home/alice/*']).toEqual(
      expect.arrayContaining(['s3:GetObject', 's3:PutObject']),
    );
    expect(hasPermission(perms, 'team/home/alice/notes.txt', ['s3:PutObject'])).toBe(true);
    expect(hasPermission(perms, 'team/home/bob/notes.txt', ['s3:PutObject'])).toBe(false);
    expect(pagesOf(prefixOnly)).not.toContain(pagePaths.users);
    expect(pagesOf(prefixOnly)).toContain(pagePaths.buckets);
  });

  it('opens admin pages action by action', () => {
    const diag = parsePolicyDocument({
      Statement: [
        { Effect: 'Allow', Action: ['admin:ServerTrace', 'admin:ConsoleLog'], Resource: 'arn:aws:s3:::*' },
      ],
    });
    const pages = pagesOf(diag);
    expect(pages).toContain(pagePaths.trace);
    expect(pages).toContain(pagePaths.logs);
    expect(pages).not.toContain(pagePaths.dashboard);
    expect(pages).not.toContain(pagePaths.settings);
  });
});

describe('allowedPages with the server capabilities (issue 24)', () => {
  const permissions = sessionPermissions(consoleAdmin, { 'aws:username': 'alice' });

  it('a session without detected capabilities keeps every page its policy allows', () => {
    expect(allowedPages({ permissions, builtinUser: true })).toEqual(
      allowedPages({ permissions, builtinUser: true, capabilities: undefined }),
    );
    expect(allowedPages({ permissions, builtinUser: true })).toContain(pagePaths.users);
  });

  it('without the admin API: no identity, settings or live tools; dashboard, buckets and license stay', () => {
    const pages = allowedPages({ permissions, builtinUser: true, capabilities: ['versioning'] });
    expect(pages).toEqual([pagePaths.dashboard, pagePaths.buckets, pagePaths.bucketPages, pagePaths.license]);
  });

  it('the dashboard without the admin API is offered even to a policy that has no admin:ServerInfo', () => {
    const none = sessionPermissions(parsePolicyDocument({ Version: '2012-10-17', Statement: [] }), {});
    expect(allowedPages({ permissions: none, builtinUser: false, capabilities: [] })).toContain(
      pagePaths.dashboard,
    );
    expect(allowedPages({ permissions: none, builtinUser: false, capabilities: ['admin'] })).not.toContain(
      pagePaths.dashboard,
    );
  });
});
