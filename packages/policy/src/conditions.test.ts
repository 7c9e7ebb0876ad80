// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { conditionValues, substituteVariables } from './conditions.js';
import { evaluatePolicies } from './evaluate.js';
import { parsePolicy } from './parse.js';

/** The IAM policy variable, spelled without a JS template placeholder. */
const USERNAME_VAR = ['$', '{aws:username}'].join('');

const doc = (statements: object[]): string =>
  JSON.stringify({ Version: '2012-10-17', Statement: statements });

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
  it('StringLike and StringNotLike use IAM wildcards', () => {
    expect(evalWith({ StringLike: { 's3:prefix': 'home/*' } }, { 's3:prefix': ['home/a/b'] })).toBe('Allow');
    expect(evalWith({ StringLike: { 's3:prefix': 'home/?' } }, { 's3:prefix': ['home/ab'] })).toBe('NoMatch');
    expect(evalWith({ StringNotLike: { 's3:prefix': 'tmp/*' } }, { 's3:prefix': ['tmp/x'] })).toBe('NoMatch');
    expect(evalWith({ StringNotLike: { 's3:prefix': 'tmp/*' } }, { 's3:prefix': ['home/x'] })).toBe('Allow');
  });
  it('StringEquals fails when the key is absent; condition keys are case-insensitive', () => {
    expect(evalWith({ StringEquals: { 's3:prefix': 'x' } }, {})).toBe('NoMatch');
    expect(evalWith({ StringEquals: { 'S3:Prefix': 'x' } }, { 's3:PREFIX': ['x'] })).toBe('Allow');
  });
  it('Bool compares without case', () => {
    expect(evalWith({ Bool: { 'aws:SecureTransport': 'true' } }, { 'aws:SecureTransport': ['TRUE'] })).toBe(
      'Allow',
    );
    expect(evalWith({ Bool: { 'aws:SecureTransport': true } }, { 'aws:SecureTransport': ['false'] })).toBe(
      'NoMatch',
    );
  });
  it('IpAddress matches IPv4 and IPv6 ranges', () => {
    const c = { IpAddress: { 'aws:SourceIp': ['10.0.0.0/8', '2001:db8::/32'] } };
    expect(evalWith(c, { 'aws:SourceIp': ['10.1.2.3'] })).toBe('Allow');
    expect(evalWith(c, { 'aws:SourceIp': ['2001:db8::1'] })).toBe('Allow');
    expect(evalWith(c, { 'aws:SourceIp': ['192.168.1.1'] })).toBe('NoMatch');
    expect(evalWith(c, {})).toBe('NoMatch');
  });
  it('Numeric and Date operators compare numbers and times', () => {
    expect(evalWith({ NumericGreaterThan: { 's3:max-keys': 10 } }, { 's3:max-keys': ['11'] })).toBe('Allow');
    expect(evalWith({ NumericEquals: { 's3:max-keys': '10' } }, { 's3:max-keys': ['ten'] })).toBe('NoMatch');
    expect(
      evalWith(
        { DateGreaterThanEquals: { 'aws:CurrentTime': '1700000000' } },
        { 'aws:CurrentTime': ['2024-01-01'] },
      ),
    ).toBe('Allow');
  });
  it('ArnLike matches like StringLike; all clauses of a statement must hold', () => {
    expect(
      evalWith({ ArnLike: { 'aws:SourceArn': 'arn:aws:s3:::b*' } }, { 'aws:SourceArn': ['arn:aws:s3:::bx'] }),
    ).toBe('Allow');
    const both = { StringEquals: { 's3:prefix': 'a' }, Bool: { 'aws:SecureTransport': 'true' } };
    expect(evalWith(both, { 's3:prefix': ['a'], 'aws:SecureTransport': ['true'] })).toBe('Allow');
    expect(evalWith(both, { 's3:prefix': ['a'], 'aws:SecureTransport': ['false'] })).toBe('NoMatch');
  });
  it('ForAllValues holds and ForAnyValue fails when the key is absent', () => {
    expect(evalWith({ 'ForAllValues:StringEquals': { 's3:prefix': 'a' } }, {})).toBe('Allow');
    expect(evalWith({ 'ForAnyValue:StringEquals': { 's3:prefix': 'a' } }, {})).toBe('NoMatch');
  });
  it('substitutes policy variables into condition values; an unknown variable matches nothing', () => {
    const c = { StringLike: { 's3:prefix': [`home/${USERNAME_VAR}/*`] } };
    expect(evalWith(c, { 's3:prefix': ['home/alice/x'], 'aws:username': ['alice'] })).toBe('Allow');
    expect(evalWith(c, { 's3:prefix': ['home/bob/x'], 'aws:username': ['alice'] })).toBe('NoMatch');
    expect(evalWith(c, { 's3:prefix': ['home/bob/x'] })).toBe('NoMatch');
  });
});

describe('substituteVariables', () => {
  it('replaces known variables and the escapes, leaves unknown or empty ones as written', () => {
    const values = conditionValues({ 'aws:username': ['alice'], 'jwt:sub': [''] });
    expect(substituteVariables(`a/${USERNAME_VAR}/b`, values)).toBe('a/alice/b');
    expect(substituteVariables(['$', '{*}', '$', '{?}', '$', '{$}'].join(''), values)).toBe('*?$');
    expect(substituteVariables(['$', '{jwt:sub}'].join(''), values)).toBe(['$', '{jwt:sub}'].join(''));
    expect(substituteVariables(['$', '{ldap:user}'].join(''), values)).toBe(['$', '{ldap:user}'].join(''));
  });
});
