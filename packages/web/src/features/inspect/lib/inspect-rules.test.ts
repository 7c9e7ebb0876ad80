// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { inspectFormErrors, inspectKeyParts } from './inspect-rules';

describe('inspect rules', () => {
  it('needs a bucket without slashes and a path that stays in it', () => {
    expect(inspectFormErrors({ volume: 'photos', path: 'a/*', encrypt: false })).toEqual({});
    expect(inspectFormErrors({ volume: ' ', path: '', encrypt: false })).toEqual({
      volume: 'Volume (the bucket) is required',
      path: 'Path (the object) is required',
    });
    expect(inspectFormErrors({ volume: 'a/b', path: '../x', encrypt: true })).toEqual({
      volume: 'Volume is a bucket name, without slashes',
      path: 'Path must not contain ..',
    });
  });

  it('reads the key header: an 8-hex id and 64 hex of key', () => {
    const header = `0badf00d${'ab'.repeat(32)}`;
    expect(inspectKeyParts(header)).toEqual({ id: '0badf00d', key: header });
    expect(inspectKeyParts('zz')).toBeNull();
  });
});
