// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { bucketFromHost } from './virtual-host.js';

describe('virtual-host addressing', () => {
  it('takes the bucket from a subdomain of a configured domain', () => {
    expect(bucketFromHost('photos.localhost:9000', ['localhost'])).toBe('photos');
    expect(bucketFromHost('my.dotted.bucket.s3.example.com', ['localhost', 's3.example.com'])).toBe(
      'my.dotted.bucket',
    );
    expect(bucketFromHost('PHOTOS.S3.EXAMPLE.COM', ['s3.example.com'])).toBe('photos');
  });

  it('keeps path style for bare domains, IPs and other hosts', () => {
    expect(bucketFromHost('localhost:9000', ['localhost'])).toBeNull();
    expect(bucketFromHost('127.0.0.1:9000', ['localhost'])).toBeNull();
    expect(bucketFromHost('[::1]:9000', ['localhost'])).toBeNull();
    expect(bucketFromHost('evil-localhost', ['localhost'])).toBeNull();
    expect(bucketFromHost(undefined, ['localhost'])).toBeNull();
  });
});
