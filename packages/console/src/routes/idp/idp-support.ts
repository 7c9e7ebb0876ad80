// SPDX-License-Identifier: Apache-2.0
import type { IdpType } from '@stowage/contracts';
import { quoteConfigValue } from '../configs/config-text.js';

/** The configuration set behind each kind of identity provider configuration. */
export const idpSubSys: Record<IdpType, string> = { openid: 'identity_openid', ldap: 'identity_ldap' };

/** The `key=value …` text of an idp-config body. */
export function idpBody(kvs: readonly { key: string; value: string }[]): string {
  return kvs.map(({ key, value }) => `${key}=${quoteConfigValue(key, value)}`).join(' ');
}
