// SPDX-License-Identifier: Apache-2.0
// Admin API: remote tiers (PROTOCOL-NOTES §2; madmin-go tier.go).
import { type AdminTransport, requireArg } from '../transport.js';
import {
  type TierConfig,
  type TierCreds,
  type TierInfo,
  tierConfigsSchema,
  tierInfosSchema,
} from '../types/tiers.js';

/** `PUT /tier` **E** TierConfig (204). */
export async function addTier(t: AdminTransport, cfg: TierConfig): Promise<void> {
  requireArg(cfg.Name, 'Name');
  if (!['s3', 'azure', 'gcs', 'minio'].includes(cfg.Type))
    throw new TypeError(`unknown tier type ${cfg.Type}`);
  await t.empty({ method: 'PUT', path: '/tier', body: JSON.stringify(cfg), encrypt: true });
}

/** `GET /tier` → the configured tiers, secrets redacted; `null` from the server becomes `[]`. */
export async function listTiers(t: AdminTransport): Promise<TierConfig[]> {
  return (await t.json(tierConfigsSchema, { method: 'GET', path: '/tier' })) ?? [];
}

/** `POST /tier/{name}` **E** TierCreds (204): rotates a tier's credentials. */
export async function editTier(t: AdminTransport, name: string, creds: TierCreds): Promise<void> {
  const body: TierCreds = { awsrole: Boolean(creds.awsrole) };
  if (creds.access) body.access = creds.access;
  if (creds.secret) body.secret = creds.secret;
  if (creds.creds) body.creds = creds.creds;
  await t.empty({
    method: 'POST',
    path: `/tier/${requireArg(name, 'name')}`,
    body: JSON.stringify(body),
    encrypt: true,
  });
}

/** `DELETE /tier/{name}` (204). */
export async function removeTier(t: AdminTransport, name: string): Promise<void> {
  await t.empty({ method: 'DELETE', path: `/tier/${requireArg(name, 'name')}` });
}

/** `GET /tier/{name}` (204 when the tier is reachable with its credentials). */
export async function verifyTier(t: AdminTransport, name: string): Promise<void> {
  await t.empty({ method: 'GET', path: `/tier/${requireArg(name, 'name')}` });
}

/** `GET /tier-stats`. */
export async function tierStats(t: AdminTransport): Promise<TierInfo[]> {
  return (await t.json(tierInfosSchema, { method: 'GET', path: '/tier-stats' })) ?? [];
}
