// SPDX-License-Identifier: Apache-2.0
import { type ConditionValues, lowerCased } from '@stowage/policy';
import type { AuthorizationRequest } from './types.js';

/**
 * The condition values a policy sees for a request: the request's own keys (s3:prefix, aws:SourceIp, …)
 * plus those derived from the identity (aws:username, aws:userid, aws:PrincipalType, the time, and the
 * session's jwt:* / ldap:* claims).
 */
export function requestConditions(req: AuthorizationRequest): ConditionValues {
  const identity = req.identity;
  const record = req.conditions;
  return {
    get(lowerKey: string): string[] | undefined {
      // Scan the request's few keys (no per-request Map): their lower-case forms are memoised.
      for (const k in record) {
        if (lowerCased(k) === lowerKey) {
          const v = record[k];
          if (v !== undefined) return v;
        }
      }
      switch (lowerKey) {
        case 'aws:username':
        case 'aws:userid':
          return identity.kind === 'anonymous' ? undefined : [identity.parentUser];
        case 'aws:principaltype':
          return [
            identity.kind === 'root'
              ? 'Account'
              : identity.kind === 'sts'
                ? 'AssumedRole'
                : identity.kind === 'anonymous'
                  ? 'Anonymous'
                  : 'User',
          ];
        case 'aws:currenttime':
          return [new Date().toISOString()];
        case 'aws:epochtime':
          return [String(Math.floor(Date.now() / 1000))];
        default: {
          const claims = identity.claims;
          if (!claims) return undefined;
          const colon = lowerKey.indexOf(':');
          const bare = colon === -1 ? lowerKey : lowerKey.slice(colon + 1);
          for (const [k, cv] of Object.entries(claims)) {
            const lk = k.toLowerCase();
            if (lk === lowerKey || (lowerKey.startsWith('jwt:') && lk === bare)) return [cv];
          }
          return undefined;
        }
      }
    },
  };
}
