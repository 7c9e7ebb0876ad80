// SPDX-License-Identifier: Apache-2.0
// Admin API: identity provider configurations (madmin-go idp-commands.go).
import { z } from 'zod';
import { type AdminTransport, parseJson, requireArg } from '../transport.js';
import type { ConfigSetResult } from '../types/config.js';
import {
  type IdpConfig,
  type IdpConfigType,
  type IdpListItem,
  idpConfigSchema,
  idpListItemSchema,
} from '../types/idp.js';
import { CONFIG_APPLIED_HEADER } from './config.js';

const DEFAULT = '_';

function path(type: IdpConfigType, name?: string): string {
  const parts = ['/idp-config', encodeURIComponent(type)];
  if (name !== undefined) parts.push(encodeURIComponent(name || DEFAULT));
  return parts.join('/');
}

/** `GET /idp-config/<type>` → **E** the configurations of a type. */
export async function listIdpConfig(t: AdminTransport, type: IdpConfigType): Promise<IdpListItem[]> {
  const raw = await t.bytes({ method: 'GET', path: path(type) }, { decrypt: true });
  return parseJson(z.array(idpListItemSchema).nullable(), raw, '/idp-config') ?? [];
}

/** `GET /idp-config/<type>/<name>` → **E** one configuration's keys (`_` or '' is the default). */
export async function getIdpConfig(t: AdminTransport, type: IdpConfigType, name: string): Promise<IdpConfig> {
  const raw = await t.bytes({ method: 'GET', path: path(type, name) }, { decrypt: true });
  return parseJson(idpConfigSchema, raw, '/idp-config');
}

/**
 * `PUT` (add) or `POST` (update) `/idp-config/<type>/<name>` with **E** `key=value …` text; the answer
 * says whether the server needs a restart before it takes effect.
 */
export async function addOrUpdateIdpConfig(
  t: AdminTransport,
  type: IdpConfigType,
  name: string,
  cfgData: string,
  update: boolean,
): Promise<ConfigSetResult> {
  const res = await t.empty({
    method: update ? 'POST' : 'PUT',
    path: path(type, name),
    body: requireArg(cfgData, 'cfgData'),
    encrypt: true,
    headers: { 'content-type': 'application/octet-stream' },
  });
  return { restartRequired: res.headers.get(CONFIG_APPLIED_HEADER) !== 'true' };
}

/** `DELETE /idp-config/<type>/<name>`. */
export async function deleteIdpConfig(
  t: AdminTransport,
  type: IdpConfigType,
  name: string,
): Promise<ConfigSetResult> {
  const res = await t.empty({ method: 'DELETE', path: path(type, name) });
  return { restartRequired: res.headers.get(CONFIG_APPLIED_HEADER) !== 'true' };
}
