// SPDX-License-Identifier: Apache-2.0
import { pagePaths } from '@stowage/contracts';

export type MenuGroup = 'common' | 'tools' | 'operator';

/** What the routing rules need to know about a page of the route table. */
export interface PageRule {
  path: string;
  /** Present when this build has a screen for the page. */
  component?: unknown;
  /** Heal is shown only for a distributed setup (spec 3 §2 "Live tools", §6). */
  distributedOnly?: boolean;
  menu?: { group: MenuGroup };
}

/** Spec 1 §2.2: no side menu on /metrics and on paths ending in /hop (full-width embedded views). */
export function hidesSideMenu(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === '/metrics' || path.endsWith('/hop');
}

/** The pages of `table` this build can render for a session with these `pages`. */
export function reachablePages<T extends PageRule>(
  table: readonly T[],
  pages: readonly string[],
  distributedMode: boolean,
): T[] {
  const allowed = new Set(pages);
  return table.filter(
    (p) => p.component !== undefined && allowed.has(p.path) && (!p.distributedOnly || distributedMode),
  );
}

/**
 * The fallback page: the first entry of the session's `pages` that this build can render (spec 1 §2.2).
 * Patterns (`:param`, `*`) are skipped, they are not places to land. Null when none can be rendered.
 */
export function fallbackPage(pages: readonly string[], reachable: readonly PageRule[]): string | null {
  const renderable = new Set<string>(reachable.map((p) => p.path));
  for (const page of pages) {
    if (renderable.has(page) && !page.includes(':') && !page.includes('*')) return page;
  }
  return null;
}

/**
 * Product documentation. Stowage manages S3/MinIO-style storage with MinIO's concepts, so the menu points at
 * MinIO's documentation; `ref` tells it which console sent the reader (spec 2 "Side menu").
 */
export function documentationUrl(operator: boolean): string {
  return `https://min.io/docs/minio/linux/index.html?ref=${operator ? 'op' : 'con'}`;
}

export interface MenuSection<T> {
  group: MenuGroup;
  title: string | null;
  entries: T[];
}

/**
 * Groups reachable pages for the side menu (spec 2 "Side menu"): common entries first, then Tools and
 * Operator; License joins the Operator group when /tenants is allowed. Empty groups are dropped.
 */
export function groupMenu<T extends PageRule & { menu: { group: MenuGroup } }>(
  reachable: readonly T[],
  pages: readonly string[],
): MenuSection<T>[] {
  const tenantsAllowed = pages.includes(pagePaths.tenants);
  const groupOf = (p: T): MenuGroup =>
    p.path === pagePaths.license && tenantsAllowed ? 'operator' : p.menu.group;
  const sections: MenuSection<T>[] = [
    { group: 'common', title: null, entries: reachable.filter((p) => groupOf(p) === 'common') },
    { group: 'tools', title: 'Tools', entries: reachable.filter((p) => groupOf(p) === 'tools') },
    { group: 'operator', title: 'Operator', entries: reachable.filter((p) => groupOf(p) === 'operator') },
  ];
  return sections.filter((s) => s.entries.length > 0);
}
