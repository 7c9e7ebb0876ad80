// SPDX-License-Identifier: Apache-2.0
import type { ObjectItem } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { filterVersions, hasRealVersionId, versionAt, versionLabels } from './version-rules';

const versions: ObjectItem[] = [
  {
    name: 'a.txt',
    version_id: 'cc33',
    last_modified: '2030-01-03T00:00:00.000Z',
    is_latest: true,
    is_delete_marker: true,
  },
  { name: 'a.txt', version_id: 'bB22', last_modified: '2030-01-02T00:00:00.000Z', size: 2 },
  { name: 'a.txt', version_id: 'aa11', last_modified: '2030-01-01T00:00:00.000Z', size: 1 },
];

describe('versions tab (spec 1 §2.6)', () => {
  it('labels the newest version with the highest number', () => {
    const labels = versionLabels(versions);
    expect(labels.get('cc33')).toBe('v3');
    expect(labels.get('bB22')).toBe('v2');
    expect(labels.get('aa11')).toBe('v1');
    expect(versionLabels([]).size).toBe(0);
  });

  it('searches version ids case-insensitively and keeps the order', () => {
    expect(filterVersions(versions, 'bb').map((v) => v.version_id)).toEqual(['bB22']);
    expect(filterVersions(versions, ' ').length).toBe(3);
    expect(filterVersions(versions, 'zz')).toEqual([]);
  });

  it('counts only real version ids (not absent, empty or null)', () => {
    expect(hasRealVersionId('aa11')).toBe(true);
    expect(hasRealVersionId('null')).toBe(false);
    expect(hasRealVersionId(undefined)).toBe(false);
    expect(hasRealVersionId('')).toBe(false);
  });

  it('finds the version current at a rewind date (spec 1 §4)', () => {
    expect(versionAt(versions, '2029-12-31T00:00:00Z')).toBeUndefined();
    expect(versionAt(versions, '2030-01-01T00:00:00Z')?.version_id).toBe('aa11');
    expect(versionAt(versions, '2030-01-02T12:00:00Z')?.version_id).toBe('bB22');
    expect(versionAt(versions, '2030-02-01T00:00:00Z')?.is_delete_marker).toBe(true);
    expect(versionAt(versions, 'not a date')).toBeUndefined();
  });
});
