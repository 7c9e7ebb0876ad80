// SPDX-License-Identifier: Apache-2.0
// Admin API: canned policies and their attachments (PROTOCOL-NOTES §2; madmin-go policy-commands.go).
import { type AdminTransport, parseJson, requireArg } from '../transport.js';
import {
  type ListCannedPoliciesResponse,
  listCannedPoliciesResponseSchema,
  type PolicyAssociationRequest,
  type PolicyAssociationResponse,
  type PolicyDocument,
  type PolicyEntitiesQuery,
  type PolicyEntitiesResult,
  type PolicyInfo,
  policyAssociationResponseSchema,
  policyEntitiesResultSchema,
  policyInfoSchema,
} from '../types/policies.js';

/** MinIO refuses policy documents above 20 KiB; refuse them here with a clearer message. */
const MAX_POLICY_BYTES = 20 * 1024;

/** `GET /list-canned-policies` → name → document. */
export async function listCannedPolicies(
  t: AdminTransport,
  signal?: AbortSignal,
): Promise<ListCannedPoliciesResponse> {
  return t.json(listCannedPoliciesResponseSchema, { method: 'GET', path: '/list-canned-policies', signal });
}

/** `PUT /add-canned-policy?name=` with the document as plain JSON; replaces an existing one. */
export async function addCannedPolicy(
  t: AdminTransport,
  name: string,
  policy: PolicyDocument | string,
): Promise<void> {
  requireArg(name, 'name');
  const text = typeof policy === 'string' ? policy : JSON.stringify(policy);
  if (Buffer.byteLength(text) > MAX_POLICY_BYTES) {
    throw new RangeError(`policy document is larger than ${MAX_POLICY_BYTES} bytes`);
  }
  await t.empty({ method: 'PUT', path: '/add-canned-policy', query: { name }, body: text });
}

/** `DELETE /remove-canned-policy?name=`. */
export async function removeCannedPolicy(t: AdminTransport, name: string): Promise<void> {
  await t.empty({
    method: 'DELETE',
    path: '/remove-canned-policy',
    query: { name: requireArg(name, 'name') },
  });
}

/** `GET /info-canned-policy?name=&v=2` → `{PolicyName, Policy, CreateDate, UpdateDate}`. */
export async function infoCannedPolicy(t: AdminTransport, name: string): Promise<PolicyInfo> {
  return t.json(policyInfoSchema, {
    method: 'GET',
    path: '/info-canned-policy',
    query: { name: requireArg(name, 'name'), v: '2' },
  });
}

/**
 * `PUT /set-user-or-group-policy?policyName=&userOrGroup=&isGroup=`: replaces the entity's policies
 * (names comma-joined); an empty list clears them.
 */
export async function setPolicy(
  t: AdminTransport,
  policyNames: string | readonly string[],
  entityName: string,
  isGroup: boolean,
): Promise<void> {
  const policyName = typeof policyNames === 'string' ? policyNames : policyNames.join(',');
  await t.empty({
    method: 'PUT',
    path: '/set-user-or-group-policy',
    query: {
      policyName,
      userOrGroup: requireArg(entityName, 'userOrGroup'),
      isGroup: isGroup ? 'true' : 'false',
    },
  });
}

async function associate(
  t: AdminTransport,
  op: 'attach' | 'detach',
  req: PolicyAssociationRequest,
  idp: 'builtin' | 'ldap' = 'builtin',
): Promise<PolicyAssociationResponse | undefined> {
  if (!Array.isArray(req.policies) || req.policies.length === 0)
    throw new TypeError('policies must not be empty');
  if (Boolean(req.user) === Boolean(req.group))
    throw new TypeError('exactly one of user or group is required');
  const body: PolicyAssociationRequest = { policies: req.policies };
  if (req.user) body.user = req.user;
  if (req.group) body.group = req.group;
  const raw = await t.bytes({
    method: 'POST',
    path: `/idp/${idp}/policy/${op}`,
    body: JSON.stringify(body),
    encrypt: true,
  });
  // madmin-go 2.0.x servers answer 201/204 with no body; newer ones send an encrypted summary.
  if (raw.length === 0) return undefined;
  return parseJson(policyAssociationResponseSchema, await t.decrypt(raw), `policy ${op}`);
}

/** `POST /idp/builtin/policy/attach` **E**: adds policies to a user or group (201). */
export async function attachPolicy(
  t: AdminTransport,
  req: PolicyAssociationRequest,
): Promise<PolicyAssociationResponse | undefined> {
  return associate(t, 'attach', req);
}

/** `POST /idp/builtin/policy/detach` **E**: removes policies from a user or group (204). */
export async function detachPolicy(
  t: AdminTransport,
  req: PolicyAssociationRequest,
): Promise<PolicyAssociationResponse | undefined> {
  return associate(t, 'detach', req);
}

/** `POST /idp/ldap/policy/attach` **E**: adds policies to an LDAP user or group DN (200, **E** summary). */
export async function attachPolicyLDAP(
  t: AdminTransport,
  req: PolicyAssociationRequest,
): Promise<PolicyAssociationResponse | undefined> {
  return associate(t, 'attach', req, 'ldap');
}

/** `POST /idp/ldap/policy/detach` **E**: removes policies from an LDAP user or group DN (200, **E** summary). */
export async function detachPolicyLDAP(
  t: AdminTransport,
  req: PolicyAssociationRequest,
): Promise<PolicyAssociationResponse | undefined> {
  return associate(t, 'detach', req, 'ldap');
}

/** `GET /idp/builtin/policy-entities?user=&group=&policy=` (each repeated) → **E** mappings. */
export async function getPolicyEntities(
  t: AdminTransport,
  q: PolicyEntitiesQuery = {},
): Promise<PolicyEntitiesResult> {
  return policyEntities(t, q, 'builtin');
}

/** `GET /idp/ldap/policy-entities?user=&group=&policy=` → **E** the mappings of LDAP user and group DNs. */
export async function getLDAPPolicyEntities(
  t: AdminTransport,
  q: PolicyEntitiesQuery = {},
): Promise<PolicyEntitiesResult> {
  return policyEntities(t, q, 'ldap');
}

async function policyEntities(
  t: AdminTransport,
  q: PolicyEntitiesQuery,
  idp: 'builtin' | 'ldap',
): Promise<PolicyEntitiesResult> {
  return t.json(
    policyEntitiesResultSchema,
    {
      method: 'GET',
      path: `/idp/${idp}/policy-entities`,
      query: { user: q.users ?? [], group: q.groups ?? [], policy: q.policy ?? [] },
    },
    { decrypt: true },
  );
}
