// SPDX-License-Identifier: Apache-2.0
// Admin API: the server's licence (madmin-go license.go).
import type { AdminTransport } from '../transport.js';
import { type LicenseInfo, licenseInfoSchema } from '../types/license.js';

/** `GET /license-info`: the commercial licence of a MinIO build (absent from open-source MinIO). */
export async function licenseInfo(t: AdminTransport, signal?: AbortSignal): Promise<LicenseInfo> {
  return t.json(licenseInfoSchema, { method: 'GET', path: '/license-info', signal });
}
