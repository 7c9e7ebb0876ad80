// SPDX-License-Identifier: Apache-2.0
import { pagePaths } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { absentFeature } from './capabilities';

describe('pages a server lacks (issue 24)', () => {
  it('explains an admin-API page on a server without the admin API', () => {
    expect(absentFeature(pagePaths.users, ['versioning'])).toEqual({
      page: 'Users',
      title: 'Users is not available on this server',
      explanation: "This server does not provide MinIO's admin API: manage its users with its own tools.",
    });
    for (const page of [
      pagePaths.groups,
      pagePaths.policies,
      pagePaths.settings,
      pagePaths.trace,
      pagePaths.watch,
    ]) {
      expect(absentFeature(page, [])?.explanation, page).toMatch(
        /^This server does not provide MinIO's admin API: /,
      );
    }
  });

  it('says nothing where the page works or the policy, not the server, decides', () => {
    expect(absentFeature(pagePaths.users, ['admin'])).toBeNull();
    expect(absentFeature(pagePaths.users, undefined)).toBeNull();
    expect(absentFeature(pagePaths.buckets, [])).toBeNull();
    expect(absentFeature(pagePaths.bucketPages, [])).toBeNull();
    expect(absentFeature(pagePaths.dashboard, [])).toBeNull();
  });
});
