// SPDX-License-Identifier: Apache-2.0
import { generateKeyPairSync } from 'node:crypto';
import type { TierConfig } from '@stowage/madmin';
import { describe, expect, it } from 'vitest';
import { isS3Error } from '../core/errors.js';
import { redacted, validateTierConfig, withCredentials } from './config.js';
import { TierDriverError } from './drivers/driver.js';
import { gcsCredentials, gcsDriver } from './drivers/gcs.js';

// Tier configurations without a remote: validation, redaction, credential edits, and the GCS
// credentials file. No GCS-compatible server runs here (none is packaged for npm or Debian), so the
// GCS driver is checked up to the point where Google's client would talk to the network.

const code = (c: Partial<TierConfig>): string => {
  try {
    validateTierConfig(c);
    return 'ok';
  } catch (err) {
    if (!isS3Error(err)) throw err;
    return err.code;
  }
};

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const creds = Buffer.from(
  JSON.stringify({
    type: 'service_account',
    project_id: 'demo-project',
    client_email: 'tier@demo-project.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  }),
).toString('base64');

describe('tier config', () => {
  it('checks the name rule, the type, the bucket, the endpoint and the credentials of each type', () => {
    const s3 = { Version: 'v1', Type: 's3' as const, S3: { AccessKey: 'a', SecretKey: 'b', Bucket: 'x' } };
    expect(code({ ...s3, Name: 'WARM_1-A' })).toBe('ok');
    expect(code({ ...s3, Name: 'warm' })).toBe('XMinioAdminTierNameNotUpperCase');
    expect(code({ ...s3, Name: 'WARM TIER' })).toBe('XMinioAdminTierNameNotUpperCase');
    expect(code({ ...s3, Name: 'STANDARD' })).toBe('XMinioAdminTierInvalidConfig');
    expect(code({ ...s3, Name: 'W', S3: { AccessKey: 'a', SecretKey: 'b' } })).toBe(
      'XMinioAdminTierInvalidConfig',
    );
    expect(code({ ...s3, Name: 'W', S3: { AccessKey: 'a', Bucket: 'x' } })).toBe(
      'XMinioAdminTierMissingCredentials',
    );
    expect(
      code({ ...s3, Name: 'W', S3: { Endpoint: 'ftp://h', AccessKey: 'a', SecretKey: 'b', Bucket: 'x' } }),
    ).toBe('XMinioAdminTierInvalidConfig');
    expect(
      code({
        Version: 'v1',
        Type: 'minio',
        Name: 'M',
        MinIO: { AccessKey: 'a', SecretKey: 'b', Bucket: 'x' },
      }),
    ).toBe('XMinioAdminTierInvalidConfig');
    expect(code({ Version: 'v1', Type: 'azure', Name: 'A', Azure: { AccountName: 'n', Bucket: 'c' } })).toBe(
      'XMinioAdminTierMissingCredentials',
    );
    expect(code({ Version: 'v1', Type: 'gcs', Name: 'G', GCS: { Bucket: 'b' } })).toBe(
      'XMinioAdminTierMissingCredentials',
    );
    expect(code({ Version: 'v1', Type: 'gcs', Name: 'G', GCS: { Bucket: 'b', Creds: creds } })).toBe('ok');
  });

  it('redacts secrets and replaces credentials per type', () => {
    const gcs: TierConfig = {
      Version: 'v1',
      Type: 'gcs',
      Name: 'G',
      GCS: { Bucket: 'b', Creds: creds, Prefix: 'p' },
    };
    expect(redacted(gcs)).toEqual({
      Version: 'v1',
      Type: 'gcs',
      Name: 'G',
      GCS: { Bucket: 'b', Creds: 'REDACTED', Prefix: 'p' },
    });
    expect(withCredentials(gcs, { creds: 'bmV3', awsrole: false }).GCS?.Creds).toBe('bmV3');
    const az: TierConfig = {
      Version: 'v1',
      Type: 'azure',
      Name: 'A',
      Azure: { AccountName: 'n', AccountKey: 'k', Bucket: 'c' },
    };
    expect(withCredentials(az, { secret: 'k2', awsrole: false }).Azure).toEqual({
      AccountName: 'n',
      AccountKey: 'k2',
      Bucket: 'c',
    });
    expect(() => withCredentials(az, { awsrole: false })).toThrow();
  });

  it('reads a GCS service account file and refuses anything else', () => {
    expect(gcsCredentials(creds).client_email).toBe('tier@demo-project.iam.gserviceaccount.com');
    expect(() => gcsCredentials(Buffer.from('{"type":"x"}').toString('base64'))).toThrow(TierDriverError);
    expect(() => gcsCredentials('not base64 json')).toThrow(/not a JSON credentials file/);
    expect(() => gcsDriver({ Bucket: 'b', Creds: 'e30=' })).toThrow(/no client_email and private_key/);
  });
});
