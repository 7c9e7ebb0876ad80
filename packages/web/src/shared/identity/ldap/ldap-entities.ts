// SPDX-License-Identifier: Apache-2.0
import {
  apiPaths,
  type LdapEntitiesResponse,
  type LdapEntity,
  ldapEntitiesResponseSchema,
  ldapEntitySchema,
  type SetLdapPoliciesRequest,
} from '@stowage/contracts';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiError } from '../../api/api-error';
import { apiRequest } from '../../api/client';
import { useSession } from '../../session/get-session';
import { identityKeys } from '../identity-keys';

/** MinIO's console feature name for a server that signs users in against LDAP. */
export const LDAP_FEATURE = 'ldap-idp';

/** Whether the server's users and groups live in an LDAP directory (the session's `ldap-idp` feature). */
export function useLdapMode(): boolean {
  return useSession().data?.features.includes(LDAP_FEATURE) ?? false;
}

const ldapKeys = {
  entities: () => [...identityKeys.all, 'ldap-entities'] as const,
};

/** GET /api/v1/ldap-entities: the directory's user and group DNs that have policies. */
export function useLdapEntities(): UseQueryResult<LdapEntitiesResponse, ApiError> {
  return useQuery({
    queryKey: ldapKeys.entities(),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.ldapEntities, { schema: ldapEntitiesResponseSchema, signal }),
  });
}

/** PUT /api/v1/ldap-entities/policies: the DN holds exactly the given policies afterwards. */
export function useSetLdapPolicies(): UseMutationResult<LdapEntity, ApiError, SetLdapPoliciesRequest> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) =>
      apiRequest(apiPaths.ldapEntityPolicies, { method: 'PUT', body, schema: ldapEntitySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityKeys.all }),
  });
}
