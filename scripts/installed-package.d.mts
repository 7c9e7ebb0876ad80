// SPDX-License-Identifier: Apache-2.0
/** The installable package, packed and installed once per test run (installed-package.mjs). */
export function installedPackage(): {
  version: string;
  tarball: string;
  /** The `npm install -g --prefix` folder. */
  prefix: string;
  /** `<prefix>/bin/stowage`. */
  bin: string;
  /** The installed package's folder, `<prefix>/lib/node_modules/stowage`. */
  folder: string;
};
