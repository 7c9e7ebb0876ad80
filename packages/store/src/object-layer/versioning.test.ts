// SPDX-License-Identifier: Apache-2.0
import { expect, it } from 'vitest';
import { isDeleteMarkerError } from './delete-marker-error.js';
import { body, describeLayer, expectCode, readAll } from './test-support/layer-suite.js';

/** Versioning (version ids, delete markers, null versions, ListObjectVersions) and object lock. */
describeLayer((t) => {
  it('versioning: ids, delete markers, null versions, version listing', async () => {
    const { layer, put } = t;
    await layer.makeBucket('bkt');
    await put('k', 'v0');
    await layer.setBucketVersioning('bkt', 'Enabled');
    const v1 = await put('k', 'v1');
    const v2 = await put('k', 'v2');
    expect(v1.versionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(v1.versionId).not.toBe(v2.versionId);
    expect(
      (await readAll((await layer.getObject('bkt', 'k', { versionId: v1.versionId })).stream)).toString(),
    ).toBe('v1');
    expect(
      (await readAll((await layer.getObject('bkt', 'k', { versionId: 'null' })).stream)).toString(),
    ).toBe('v0');

    const del = await layer.deleteObject('bkt', 'k');
    expect(del.deleteMarker).toBe(true);
    const err = await expectCode(layer.getObject('bkt', 'k'), 'NoSuchKey');
    expect(isDeleteMarkerError(err) && err.versionId === del.versionId).toBe(true);
    await expectCode(layer.getObject('bkt', 'k', { versionId: del.versionId }), 'MethodNotAllowed');
    expect((await layer.listObjects('bkt', {})).objects).toEqual([]);

    const vers = await layer.listObjectVersions('bkt', {});
    expect(vers.versions.map((v) => [v.versionId, v.isLatest, v.isDeleteMarker])).toEqual([
      [del.versionId, true, true],
      [v2.versionId, false, false],
      [v1.versionId, false, false],
      ['null', false, false],
    ]);
    // Paging through versions with markers.
    const page1 = await layer.listObjectVersions('bkt', { maxKeys: 2 });
    expect(page1.isTruncated).toBe(true);
    expect(page1.nextVersionIdMarker).toBe(v2.versionId);
    const page2 = await layer.listObjectVersions('bkt', {
      maxKeys: 2,
      keyMarker: page1.nextKeyMarker ?? undefined,
      versionIdMarker: page1.nextVersionIdMarker ?? undefined,
    });
    expect(page2.versions.map((v) => v.versionId)).toEqual([v1.versionId, 'null']);
    expect(page2.isTruncated).toBe(false);

    // Removing the marker brings the object back; deleting a version permanently → NoSuchVersion.
    await layer.deleteObject('bkt', 'k', { versionId: del.versionId });
    expect((await readAll((await layer.getObject('bkt', 'k')).stream)).toString()).toBe('v2');
    await layer.deleteObject('bkt', 'k', { versionId: v2.versionId });
    await expectCode(layer.getObject('bkt', 'k', { versionId: v2.versionId }), 'NoSuchVersion');
    expect((await readAll((await layer.getObject('bkt', 'k')).stream)).toString()).toBe('v1');
    await expectCode(layer.getObject('bkt', 'k', { versionId: 'not-a-uuid' }), 'InvalidArgument');

    // Suspended: writes replace the null version; delete makes a null delete marker.
    await layer.setBucketVersioning('bkt', 'Suspended');
    const s1 = await put('k', 's1');
    expect(s1.versionId).toBe('null');
    const after = await layer.listObjectVersions('bkt', {});
    expect(after.versions.map((v) => v.versionId)).toEqual(['null', v1.versionId]);
    const sd = await layer.deleteObject('bkt', 'k');
    expect(sd).toEqual({ versionId: 'null', deleteMarker: true });
    const after2 = await layer.listObjectVersions('bkt', {});
    expect(after2.versions.map((v) => [v.versionId, v.isDeleteMarker])).toEqual([
      ['null', true],
      [v1.versionId, false],
    ]);
  });

  it('object lock: legal hold and retention block version deletes', async () => {
    const { layer } = t;
    await layer.makeBucket('locked', { objectLock: true });
    expect((await layer.getBucketInfo('locked')).versioning).toBe('Enabled');
    await expectCode(layer.setBucketVersioning('locked', 'Suspended'), 'InvalidBucketState');
    const future = new Date(Date.now() + 3600_000);
    const g = await layer.putObject('locked', 'g', body('g'), {
      size: 1,
      retention: { mode: 'GOVERNANCE', retainUntil: future },
    });
    const c = await layer.putObject('locked', 'c', body('c'), {
      size: 1,
      retention: { mode: 'COMPLIANCE', retainUntil: future },
    });
    const h = await layer.putObject('locked', 'h', body('h'), { size: 1, legalHold: true });
    await expectCode(layer.deleteObject('locked', 'g', { versionId: g.versionId }), 'AccessDenied');
    await expectCode(
      layer.deleteObject('locked', 'c', { versionId: c.versionId, bypassGovernance: true }),
      'AccessDenied',
    );
    await expectCode(layer.deleteObject('locked', 'h', { versionId: h.versionId }), 'AccessDenied');
    await expectCode(
      layer.updateObjectMetadata('locked', 'c', c.versionId, {
        retention: { mode: 'COMPLIANCE', retainUntil: new Date(Date.now() + 1000) },
      }),
      'AccessDenied',
    );
    // A delete without a version id only adds a marker.
    expect((await layer.deleteObject('locked', 'g')).deleteMarker).toBe(true);
    expect(
      await layer.deleteObject('locked', 'g', { versionId: g.versionId, bypassGovernance: true }),
    ).toEqual({
      versionId: g.versionId,
      deleteMarker: false,
    });
    await layer.updateObjectMetadata('locked', 'h', h.versionId, { legalHold: false });
    await layer.deleteObject('locked', 'h', { versionId: h.versionId });
    await expectCode(layer.headObject('locked', 'h', { versionId: h.versionId }), 'NoSuchVersion');
  });
});
