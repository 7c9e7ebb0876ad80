// SPDX-License-Identifier: Apache-2.0
import { pagePaths } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import {
  documentationUrl,
  fallbackPage,
  groupMenu,
  hidesSideMenu,
  type PageRule,
  reachablePages,
} from './shell-rules';

const screen = (): null => null;

/** A route table in the shape of the real one: some pages built, some not, one distributed-only. */
const table = [
  { path: pagePaths.dashboard, menu: { group: 'common' as const } },
  { path: pagePaths.buckets, component: screen, menu: { group: 'common' as const } },
  { path: pagePaths.bucketPages, component: screen },
  { path: pagePaths.users, component: screen, menu: { group: 'common' as const } },
  { path: pagePaths.trace, component: screen, menu: { group: 'tools' as const } },
  { path: pagePaths.heal, component: screen, menu: { group: 'tools' as const }, distributedOnly: true },
  { path: pagePaths.tenants, component: screen, menu: { group: 'operator' as const } },
  { path: pagePaths.license, component: screen, menu: { group: 'common' as const } },
] satisfies PageRule[];

const withMenu = (rs: PageRule[]) =>
  rs.filter((p): p is (typeof table)[number] & { menu: object } => !!p.menu);

describe('shell rules (spec 1 §2.2, spec 2 "Side menu", spec 3 "Routing shell")', () => {
  it('hides the side menu on /metrics and on paths ending in /hop', () => {
    expect(hidesSideMenu('/metrics')).toBe(true);
    expect(hidesSideMenu('/namespaces/ns/tenants/t/hop')).toBe(true);
    expect(hidesSideMenu('/namespaces/ns/tenants/t/hop/')).toBe(true);
    expect(hidesSideMenu('/buckets')).toBe(false);
    expect(hidesSideMenu('/hopper')).toBe(false);
  });

  it('routes only pages that are allowed and built; heal only in a distributed setup', () => {
    const pages = [pagePaths.dashboard, pagePaths.users, pagePaths.buckets, pagePaths.heal];
    expect(reachablePages(table, pages, true).map((p) => p.path)).toEqual([
      pagePaths.buckets,
      pagePaths.users,
      pagePaths.heal,
    ]);
    expect(reachablePages(table, pages, false).map((p) => p.path)).toEqual([
      pagePaths.buckets,
      pagePaths.users,
    ]);
  });

  it('falls back to the first renderable page in session order, never to a pattern', () => {
    const pages = [pagePaths.dashboard, pagePaths.bucketPages, pagePaths.users, pagePaths.buckets];
    expect(fallbackPage(pages, reachablePages(table, pages, true))).toBe(pagePaths.users);
    expect(
      fallbackPage([pagePaths.dashboard], reachablePages(table, [pagePaths.dashboard], true)),
    ).toBeNull();
  });

  it('groups the menu; License joins Operator only when /tenants is allowed', () => {
    const adminPages = [pagePaths.buckets, pagePaths.trace, pagePaths.license];
    const admin = groupMenu(withMenu(reachablePages(table, adminPages, true)), adminPages);
    expect(admin.map((s) => [s.title, s.entries.map((e) => e.path)])).toEqual([
      [null, [pagePaths.buckets, pagePaths.license]],
      ['Tools', [pagePaths.trace]],
    ]);

    const opPages = [pagePaths.tenants, pagePaths.license];
    const operator = groupMenu(withMenu(reachablePages(table, opPages, true)), opPages);
    expect(operator.map((s) => [s.title, s.entries.map((e) => e.path)])).toEqual([
      ['Operator', [pagePaths.tenants, pagePaths.license]],
    ]);
  });

  it('links the documentation with ref=op in operator mode, else ref=con', () => {
    expect(documentationUrl(true)).toMatch(/ref=op$/);
    expect(documentationUrl(false)).toMatch(/ref=con$/);
  });
});
