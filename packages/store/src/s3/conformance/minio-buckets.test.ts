// SPDX-License-Identifier: Apache-2.0
import { presignUrl } from '@stowage/madmin';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, ROOT_USER, startTestStore, type TestStore } from './harness.js';

// Conformance with the official `minio` npm SDK: bucket operations and bucket configuration.
let t: TestStore;
let mc: Minio.Client;

beforeAll(async () => {
  t = await startTestStore();
  mc = new Minio.Client({
    endPoint: t.host,
    port: t.port,
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
  });
});
afterAll(async () => {
  await t?.stop();
});

describe('buckets (minio SDK)', () => {
  it('creates, lists, checks and removes buckets', async () => {
    await mc.makeBucket('alpha');
    await mc.makeBucket('beta', 'us-east-1');
    const names = (await mc.listBuckets()).map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(['alpha', 'beta']));
    const alpha = (await mc.listBuckets()).find((b) => b.name === 'alpha');
    expect(alpha?.creationDate).toBeInstanceOf(Date);
    expect(await mc.bucketExists('alpha')).toBe(true);
    expect(await mc.bucketExists('nope-not-here')).toBe(false);
    await mc.removeBucket('beta');
    expect(await mc.bucketExists('beta')).toBe(false);
  });

  it('answers the S3 error codes for bucket mistakes', async () => {
    await mc.makeBucket('dup-bucket');
    // The owner re-creating its bucket in us-east-1: 200, as AWS answers there.
    await expect(mc.makeBucket('dup-bucket')).resolves.toBeUndefined();
    await expect(mc.removeBucket('never-made')).rejects.toMatchObject({ code: 'NoSuchBucket' });
    await mc.putObject('dup-bucket', 'x.txt', 'x');
    await expect(mc.removeBucket('dup-bucket')).rejects.toMatchObject({ code: 'BucketNotEmpty' });
    await expect(mc.makeBucket('other-region', 'eu-west-7')).rejects.toMatchObject({
      code: 'InvalidLocationConstraint',
    });
  });

  it('refuses invalid bucket names on the server side', async () => {
    // The SDK validates names itself, so go around it with a signed raw request.
    for (const bad of ['ab', 'UPPER', 'has_underscore', '192.168.1.1', 'a..b', '-lead']) {
      const url = presignUrl({
        method: 'PUT',
        url: `http://${t.host}:${t.port}/${bad}`,
        accessKey: ROOT_USER,
        secretKey: ROOT_PASSWORD,
        region: 'us-east-1',
      });
      const res = await fetch(url, { method: 'PUT' });
      expect(res.status, bad).toBe(400);
      expect(await res.text()).toContain('<Code>InvalidBucketName</Code>');
    }
  });

  it('reports the bucket location', async () => {
    await mc.makeBucket('located');
    const url = await mc.presignedUrl('GET', 'located', '', 60, { location: '' });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(
      /<LocationConstraint[^>]*><\/LocationConstraint>|<LocationConstraint[^>]*\/>/,
    );
  });

  it('gets and sets versioning', async () => {
    await mc.makeBucket('versioned');
    // An unversioned bucket answers an empty configuration (the SDK then has no Status).
    expect((await mc.getBucketVersioning('versioned')) as { Status?: string }).not.toHaveProperty('Status');
    await mc.setBucketVersioning('versioned', { Status: 'Enabled' });
    expect(await mc.getBucketVersioning('versioned')).toMatchObject({ Status: 'Enabled' });
    await mc.setBucketVersioning('versioned', { Status: 'Suspended' });
    expect(await mc.getBucketVersioning('versioned')).toMatchObject({ Status: 'Suspended' });
  });

  it('creates object-lock buckets and manages their default retention', async () => {
    await mc.makeBucket('locked', 'us-east-1', { ObjectLocking: true });
    expect(await mc.getBucketVersioning('locked')).toMatchObject({ Status: 'Enabled' });
    expect(await mc.getObjectLockConfig('locked')).toMatchObject({ objectLockEnabled: 'Enabled' });
    await mc.setObjectLockConfig('locked', { mode: 'GOVERNANCE', unit: 'Days', validity: 3 });
    expect(await mc.getObjectLockConfig('locked')).toMatchObject({
      mode: 'GOVERNANCE',
      unit: 'Days',
      validity: 3,
    });
    await expect(mc.setBucketVersioning('locked', { Status: 'Suspended' })).rejects.toMatchObject({
      code: 'InvalidBucketState',
    });
    await mc.makeBucket('unlocked');
    await expect(mc.getObjectLockConfig('unlocked')).rejects.toMatchObject({
      code: 'ObjectLockConfigurationNotFoundError',
    });
    await expect(
      mc.setObjectLockConfig('unlocked', { mode: 'COMPLIANCE', unit: 'Years', validity: 1 }),
    ).rejects.toMatchObject({
      code: 'InvalidBucketState',
    });
  });

  it('sets, gets and removes bucket tags', async () => {
    await mc.makeBucket('tagged');
    await expect(mc.getBucketTagging('tagged')).rejects.toMatchObject({ code: 'NoSuchTagSet' });
    await mc.setBucketTagging('tagged', { team: 'storage', env: 'test' });
    const tags = await mc.getBucketTagging('tagged');
    expect(tags).toEqual(
      expect.arrayContaining([
        { Key: 'team', Value: 'storage' },
        { Key: 'env', Value: 'test' },
      ]),
    );
    await mc.removeBucketTagging('tagged');
    await expect(mc.getBucketTagging('tagged')).rejects.toMatchObject({ code: 'NoSuchTagSet' });
  });

  it('stores, validates and deletes bucket policies', async () => {
    await mc.makeBucket('with-policy');
    await expect(mc.getBucketPolicy('with-policy')).rejects.toMatchObject({ code: 'NoSuchBucketPolicy' });
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetObject'],
          Resource: ['arn:aws:s3:::with-policy/public/*'],
        },
      ],
    };
    await mc.setBucketPolicy('with-policy', JSON.stringify(policy));
    expect(JSON.parse(await mc.getBucketPolicy('with-policy'))).toEqual(policy);
    // The console's "private" policy has no statements.
    await mc.setBucketPolicy('with-policy', JSON.stringify({ Version: '2012-10-17', Statement: [] }));
    await expect(mc.setBucketPolicy('with-policy', '{not json')).rejects.toMatchObject({
      code: 'MalformedPolicy',
    });
    const otherBucket = {
      ...policy,
      Statement: [{ ...policy.Statement[0], Resource: ['arn:aws:s3:::elsewhere/*'] }],
    };
    await expect(mc.setBucketPolicy('with-policy', JSON.stringify(otherBucket))).rejects.toMatchObject({
      code: 'MalformedPolicy',
    });
    // minio-js deletes a policy by setting an empty one.
    await mc.setBucketPolicy('with-policy', '');
    await expect(mc.getBucketPolicy('with-policy')).rejects.toMatchObject({ code: 'NoSuchBucketPolicy' });
  });

  it('answers the not-found codes of unset encryption, lifecycle and replication, and an empty notification configuration', async () => {
    await mc.makeBucket('plain-config');
    await expect(mc.getBucketEncryption('plain-config')).rejects.toMatchObject({
      code: 'ServerSideEncryptionConfigurationNotFoundError',
      message: 'The server side encryption configuration was not found',
    });
    await expect(mc.getBucketLifecycle('plain-config')).rejects.toMatchObject({
      code: 'NoSuchLifecycleConfiguration',
    });
    await expect(mc.getBucketReplication('plain-config')).rejects.toMatchObject({
      code: 'ReplicationConfigurationNotFoundError',
    });
    // Notifications (issue 20): a bucket without a configuration has an empty one, as S3 answers.
    expect(await mc.getBucketNotification('plain-config')).toMatchObject({
      TopicConfiguration: [],
      QueueConfiguration: [],
      CloudFunctionConfiguration: [],
    });
  });
});
