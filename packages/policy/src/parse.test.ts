// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { PolicyError } from './errors.js';
import { parsePolicy, readPolicy } from './parse.js';

const doc = (statements: object[]): string =>
  JSON.stringify({ Version: '2012-10-17', Statement: statements });

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
  it('says where a problem is', () => {
    expect(() =>
      parsePolicy(doc([{ Effect: 'Allow', Action: 's3:GetObject', Resource: '*' }, { Effect: 'Allow' }])),
    ).toThrow('Statement[1]: Action is missing');
    expect(() => parsePolicy(doc([{ Effect: 'Allow', Action: ['s3:GetObject', 7], Resource: '*' }]))).toThrow(
      'Statement[0].Action: actions must be non-empty strings',
    );
    expect(() =>
      parsePolicy(doc([{ Effect: 'Allow', Action: 's3:*', NotAction: 's3:GetObject', Resource: '*' }])),
    ).toThrow('Action and NotAction cannot both be set');
  });
  it('reads bytes, a single statement object, and keeps the document as written', () => {
    const text = JSON.stringify({
      Version: '2012-10-17',
      Statement: { Sid: 'One', Effect: 'Allow', Action: 's3:GETOBJECT', Resource: 'arn:aws:s3:::b/*' },
    });
    const p = parsePolicy(new TextEncoder().encode(text));
    expect(p.raw).toEqual(JSON.parse(text));
    expect(p.statements).toEqual([
      expect.objectContaining({
        index: 0,
        sid: 'One',
        actions: ['s3:getobject'],
        writtenActions: ['s3:GETOBJECT'],
        resources: ['b/*'],
        writtenResources: ['arn:aws:s3:::b/*'],
        principals: null,
      }),
    ]);
  });
  it('normalises bucket-policy principals', () => {
    const p = parsePolicy(
      doc([
        { Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' },
        {
          Effect: 'Deny',
          NotPrincipal: { AWS: 'alice' },
          Action: 's3:GetObject',
          Resource: 'arn:aws:s3:::b/*',
        },
      ]),
      'bucket',
    );
    expect(p.statements.map((s) => [s.principals, s.notPrincipals])).toEqual([
      [['*'], null],
      [null, ['alice']],
    ]);
    expect(() =>
      parsePolicy(
        doc([{ Effect: 'Allow', Principal: { Service: 'x' }, Action: 's3:*', Resource: '*' }]),
        'bucket',
      ),
    ).toThrow(/only the "AWS" principal type/);
  });
});

describe('readPolicy (already validated documents)', () => {
  it('never throws: bad documents read as no statements', () => {
    for (const input of ['{nope', '', 42, null, undefined, [1]]) {
      expect(readPolicy(input).statements).toEqual([]);
    }
  });
  it('skips statements that do not validate, keeps the others with their document index', () => {
    const problems: string[] = [];
    const p = readPolicy(
      {
        Statement: [
          { Effect: 'Maybe', Action: 's3:*', Resource: '*' },
          { Effect: 'Allow', Action: 'admin:ServerInfo' },
        ],
      },
      'iam',
      (e) => problems.push(e.message),
    );
    expect(p.statements.map((s) => s.index)).toEqual([1]);
    expect(problems).toEqual([expect.stringMatching(/Statement\[0\]: invalid Effect/)]);
  });
});
