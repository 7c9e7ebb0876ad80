// SPDX-License-Identifier: Apache-2.0
import { readFile } from 'node:fs/promises';
import { type LicenseResponse, licenseResponseSchema } from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';

const cache = new Map<string, Promise<Omit<LicenseResponse, 'version'>>>();

/**
 * The console's licence and the third-party notices, from the file `scripts/notices.mjs` writes at build
 * (`packages/console/dist/licenses.json`): read once per file, checked against the contract.
 */
export function readLicenses(file: string | undefined): Promise<Omit<LicenseResponse, 'version'>> {
  if (file === undefined) {
    return Promise.reject(
      apiErrors.notFound(
        'This console was started without the notices file the build writes (packages/console/dist/licenses.json): run `node scripts/build.mjs`.',
      ),
    );
  }
  let found = cache.get(file);
  if (!found) {
    found = readFile(file, 'utf8').then((text) =>
      licenseResponseSchema.omit({ version: true }).parse(JSON.parse(text)),
    );
    found.catch(() => cache.delete(file));
    cache.set(file, found);
  }
  return found;
}
