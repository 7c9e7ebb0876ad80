// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  bucketAccessOf,
  listAccessRules,
  parseBucketPolicy,
  privatePolicy,
  publicPolicy,
  withAccessRule,
} from './access-rules.js';

const B = 'arn:aws:s3:::photos';

describe('bucket access rules (PROTOCOL-NOTES §6)', () => {
  it('writes PUBLIC as two statements: 3 bucket actions and 5 object actions on bucket/*', () => {
    const doc = publicPolicy('photos');
    expect(doc.Statement).toEqual([
      {
        Effect: 'Allow',
        Principal: { AWS: ['*'] },
        Action: ['s3:GetBucketLocation', 's3:ListBucket', 's3:ListBucketMultipartUploads'],
        Resource: [B],
      },
      {
        Effect: 'Allow',
        Principal: { AWS: ['*'] },
        Action: [
          's3:AbortMultipartUpload',
          's3:DeleteObject',
          's3:GetObject',
          's3:ListMultipartUploadParts',
          's3:PutObject',
        ],
        Resource: [`${B}/*`],
      },
    ]);
    expect(bucketAccessOf('photos', JSON.stringify(doc))).toBe('PUBLIC');
    expect(bucketAccessOf('photos', JSON.stringify(privatePolicy()))).toBe('PRIVATE');
    expect(bucketAccessOf('photos', '')).toBe('PRIVATE');
  });

  it('adds a readonly prefix with the s3:prefix condition on ListBucket, and reads it back', () => {
    const doc = withAccessRule('photos', '', 'public/', 'readonly');
    expect(doc.Statement).toContainEqual({
      Effect: 'Allow',
      Principal: { AWS: ['*'] },
      Action: ['s3:ListBucket'],
      Resource: [B],
      Condition: { StringEquals: { 's3:prefix': ['public/'] } },
    });
    expect(doc.Statement).toContainEqual({
      Effect: 'Allow',
      Principal: { AWS: ['*'] },
      Action: ['s3:GetObject'],
      Resource: [`${B}/public/*`],
    });
    expect(listAccessRules('photos', JSON.stringify(doc))).toEqual([
      { prefix: 'public/', access: 'readonly' },
    ]);
    expect(bucketAccessOf('photos', JSON.stringify(doc))).toBe('CUSTOM');
  });

  it('merges prefixes of the same level, changes one level and removes a rule without touching others', () => {
    let text = JSON.stringify(withAccessRule('photos', '', 'a/', 'readonly'));
    text = JSON.stringify(withAccessRule('photos', text, 'b/', 'readonly'));
    const merged = JSON.parse(text) as { Statement: Array<{ Action: string[]; Resource: string[] }> };
    expect(merged.Statement.find((s) => s.Action.includes('s3:GetObject'))?.Resource).toEqual([
      `${B}/a/*`,
      `${B}/b/*`,
    ]);
    text = JSON.stringify(withAccessRule('photos', text, 'c/', 'writeonly'));
    text = JSON.stringify(withAccessRule('photos', text, 'a/', 'readwrite'));
    expect(listAccessRules('photos', text)).toEqual([
      { prefix: 'a/', access: 'readwrite' },
      { prefix: 'b/', access: 'readonly' },
      { prefix: 'c/', access: 'writeonly' },
    ]);
    text = JSON.stringify(withAccessRule('photos', text, 'b/', null));
    expect(listAccessRules('photos', text)).toEqual([
      { prefix: 'a/', access: 'readwrite' },
      { prefix: 'c/', access: 'writeonly' },
    ]);
    text = JSON.stringify(withAccessRule('photos', text, 'a/', null));
    text = JSON.stringify(withAccessRule('photos', text, 'c/', null));
    expect(JSON.parse(text).Statement).toEqual([]);
  });

  it('keeps statements it does not manage, verbatim', () => {
    const deny = {
      Effect: 'Deny',
      Principal: { AWS: ['*'] },
      Action: ['s3:DeleteObject'],
      Resource: [`${B}/keep/*`],
    };
    const named = {
      Effect: 'Allow',
      Principal: { AWS: ['arn:aws:iam::123:user/x'] },
      Action: 's3:GetObject',
      Resource: `${B}/x/*`,
    };
    const text = JSON.stringify({ Version: '2012-10-17', Statement: [deny, named] });
    const doc = withAccessRule('photos', text, 'docs/', 'readwrite');
    expect(doc.Statement.slice(-2)).toEqual([deny, named]);
    expect(parseBucketPolicy('photos', JSON.stringify(doc)).foreign).toEqual([deny, named]);
    expect(bucketAccessOf('photos', text)).toBe('CUSTOM');
  });
});
