// SPDX-License-Identifier: Apache-2.0
/** Types of third-party.mjs (the shipped dependency tree and the licence allow list). */
export const ALLOWED_LICENSES: ReadonlySet<string>;
export const SHIPPED_ROOTS: string[];
export function licenseOf(pkg: {
  license?: string | { type?: string };
  licenses?: Array<string | { type?: string }>;
}): string;
export function isAllowed(expression: string): boolean;
export function walkTree(
  root: string,
  roots: string[],
): Array<{ dir: string; pkg: { name: string; version: string }; ours: boolean }>;
export interface ShippedPackage {
  name: string;
  version: string;
  dir: string;
  license: string;
  repository?: string;
  text: string | null;
}
export function shippedPackages(root: string): ShippedPackage[];
