// SPDX-License-Identifier: Apache-2.0
import { identityConfigCheckRequestSchema } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import { ldapCheck } from '../../identity/ldap.js';
import { OpenIdProvider } from '../../identity/openid.js';
import { ldapFromValues, openIdFromValues } from '../../sts/identity-settings.js';
import type { AdminOperation } from '../call.js';
import { requestBody } from './wire.js';

/** The set's defaults under the values given (a form not yet saved). */
function withDefaults(call: Parameters<AdminOperation>[0], subSys: string, given: Record<string, string>) {
  const def = call.ctx.config.sets.find((s) => s.subSys === subSys);
  const values: Record<string, string> = {};
  for (const k of def?.keys ?? []) values[k.key] = k.default ?? '';
  return { ...values, ...given };
}

/**
 * Admin API (a Stowage extension; MinIO has no such call): `POST /idp/config/check` **E**
 * `{subSys, keyValues}` → **E** `{message}`. Tries an identity configuration before it is saved: for
 * OpenID reads the discovery document and the key set, for LDAP connects, binds as the lookup account
 * and reads the search bases. A failure is IDPCommunicationError naming what failed.
 */
export const checkIdentityConfig: AdminOperation = async (call) => {
  const body = requestBody(identityConfigCheckRequestSchema, await call.decryptedJson());
  const v = withDefaults(call, body.subSys, body.keyValues);
  if (body.subSys === 'identity_ldap') {
    if ((v.server_addr ?? '') === '')
      throw new S3Error('XMinioAdminInvalidArgument', 'server_addr is required');
    return call.encrypted({ message: await ldapCheck(ldapFromValues(v)) });
  }
  if ((v.config_url ?? '') === '') throw new S3Error('XMinioAdminInvalidArgument', 'config_url is required');
  const provider = new OpenIdProvider(openIdFromValues('', v));
  const d = await provider.discovery();
  const keys = await fetch(d.jwks_uri, { signal: AbortSignal.timeout(10_000) })
    .then((r) =>
      r.ok ? (r.json() as Promise<{ keys?: unknown[] }>) : Promise.reject(new Error(`HTTP ${r.status}`)),
    )
    .catch((err: unknown) => {
      throw new S3Error(
        'IDPCommunicationError',
        `the provider's key set ${d.jwks_uri} could not be read: ${(err as Error).message}`,
      );
    });
  return call.encrypted({
    message: `${d.issuer} answered: ${keys.keys?.length ?? 0} signing key(s), authorization at ${d.authorization_endpoint}`,
  });
};
