// SPDX-License-Identifier: Apache-2.0
import { expect, type Page } from '@playwright/test';
import type { SlapdInfo } from '../../test-services/services/slapd.js';

/** A policy allowing everything on one bucket and its objects. */
export function bucketPolicy(bucket: string) {
  return {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: ['s3:*'], Resource: [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`] },
    ],
  };
}

/** The bucket cards the signed-in user sees, once the list has loaded. */
export async function bucketNames(page: Page): Promise<string[]> {
  await page.goto('/buckets');
  const list = page.getByRole('list', { name: 'Buckets' });
  await expect(list.getByRole('article').first()).toBeVisible();
  return (await list.getByRole('heading', { level: 2 }).allTextContents()).sort();
}

/** The server's `identity_ldap` set for the slapd test-service: lookup bind, uid search, groupOfNames. */
export function ldapConfigLine(ldap: SlapdInfo): string {
  const d = ldap.directory;
  return (
    `identity_ldap server_addr="${ldap.serverAddr}" server_insecure=on lookup_bind_dn="${d.lookup.dn}" ` +
    `lookup_bind_password="${d.lookup.password}" user_dn_search_base_dn="${d.usersBase}" ` +
    `user_dn_search_filter="(uid=%s)" group_search_base_dn="${d.groupsBase}" ` +
    `group_search_filter="(&(objectclass=groupOfNames)(member=%d))"`
  );
}
