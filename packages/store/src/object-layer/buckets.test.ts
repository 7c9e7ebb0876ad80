// SPDX-License-Identifier: Apache-2.0
import { expect, it } from 'vitest';
import { describeLayer, expectCode } from './test-support/layer-suite.js';

/** Bucket operations, bucket config documents and the system store. */
describeLayer((t) => {
  it('creates, lists and deletes buckets with S3 name rules', async () => {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    await expectCode(layer.makeBucket('bkt'), 'BucketAlreadyOwnedByYou');
    for (const bad of ['ab', 'UPPER', 'a..b', '-ab', '192.168.1.1', 'a_b', 'x'.repeat(64)]) {
      await expectCode(layer.makeBucket(bad), 'InvalidBucketName');
    }
    await layer.makeBucket('a-bucket.x');
    expect((await layer.listBuckets()).map((b) => b.name)).toEqual(['a-bucket.x', 'bkt']);
    const info = await layer.getBucketInfo('bkt');
    expect(info.versioning).toBe('Unversioned');
    await put('k', 'v');
    await expectCode(layer.deleteBucket('bkt'), 'BucketNotEmpty');
    await layer.deleteObject('bkt', 'k');
    await layer.deleteBucket('bkt');
    await expectCode(layer.getBucketInfo('bkt'), 'NoSuchBucket');
    await put('k', 'v', 'a-bucket.x');
    await layer.deleteBucket('a-bucket.x', { force: true });
    expect(await layer.listBuckets()).toEqual([]);
    await expectCode(put('k', 'v', 'nobucket'), 'NoSuchBucket');
  });

  it('keeps bucket configs and the system store', async () => {
    const { layer } = t;
    await layer.makeBucket('bkt');
    expect(await layer.getBucketConfig('bkt', 'policy')).toBeNull();
    await layer.putBucketConfig('bkt', 'policy', Buffer.from('{"a":1}'));
    expect((await layer.getBucketConfig('bkt', 'policy'))?.toString()).toBe('{"a":1}');
    await layer.putBucketConfig('bkt', 'policy', null);
    expect(await layer.getBucketConfig('bkt', 'policy')).toBeNull();

    await layer.system.write('iam/users/alice.json', Buffer.from('A'));
    await layer.system.write('iam/users/bob.json', Buffer.from('B'));
    await layer.system.write('config/x', Buffer.from('X'));
    expect(await layer.system.list('iam/')).toEqual(['iam/users/alice.json', 'iam/users/bob.json']);
    expect((await layer.system.read('iam/users/bob.json'))?.toString()).toBe('B');
    await layer.system.delete('iam/users/bob.json');
    expect(await layer.system.read('iam/users/bob.json')).toBeNull();
    await expectCode(layer.system.read('../escape'), 'InvalidArgument');
  });
});
