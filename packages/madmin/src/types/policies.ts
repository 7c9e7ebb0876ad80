// SPDX-License-Identifier: Apache-2.0
// Wire types of the policy calls (madmin-go policy-commands.go, idp-commands.go; PROTOCOL-NOTES §2).
import { z } from 'zod';
import { jsonObjectSchema } from './json.js';

/** An IAM policy document as parsed JSON (`Version`, `Statement`, ...); the server validates it. */
export const policyDocumentSchema = jsonObjectSchema;
export type PolicyDocument = z.infer<typeof policyDocumentSchema>;

/** `GET /list-canned-policies`: name → document. */
export const listCannedPoliciesResponseSchema = z.record(z.string(), policyDocumentSchema);
export type ListCannedPoliciesResponse = z.infer<typeof listCannedPoliciesResponseSchema>;

/** `GET /info-canned-policy?name=&v=2` response (PascalCase on the wire). */
export const policyInfoSchema = z.object({
  PolicyName: z.string(),
  Policy: policyDocumentSchema,
  CreateDate: z.string().optional(),
  UpdateDate: z.string().optional(),
});
export type PolicyInfo = z.infer<typeof policyInfoSchema>;

/** `POST /idp/builtin/policy/attach|detach` body (encrypted): exactly one of user or group. */
export const policyAssociationRequestSchema = z.object({
  policies: z.array(z.string().min(1, 'must not be empty')).min(1, 'must name at least one policy'),
  user: z.string().optional(),
  group: z.string().optional(),
});
export type PolicyAssociationRequest = z.infer<typeof policyAssociationRequestSchema>;

/** What newer servers answer to attach/detach (encrypted); older ones send an empty body. */
export const policyAssociationResponseSchema = z.object({
  policiesAttached: z.array(z.string()).optional(),
  policiesDetached: z.array(z.string()).optional(),
  updatedAt: z.string(),
});
export type PolicyAssociationResponse = z.infer<typeof policyAssociationResponseSchema>;

/** Filters of `GET /idp/builtin/policy-entities` (each repeated on the query string). */
export interface PolicyEntitiesQuery {
  users?: string[];
  groups?: string[];
  policy?: string[];
}

/** Go's nil slices: lists of names may come as `null`. */
const namesSchema = z.array(z.string()).nullable();

/** The policies of one user. */
export const userPolicyEntitiesSchema = z.object({ user: z.string(), policies: namesSchema });
export type UserPolicyEntities = z.infer<typeof userPolicyEntitiesSchema>;

/** The policies of one group. */
export const groupPolicyEntitiesSchema = z.object({ group: z.string(), policies: namesSchema });
export type GroupPolicyEntities = z.infer<typeof groupPolicyEntitiesSchema>;

/** The users and groups that have one policy. */
export const policyEntitiesSchema = z.object({
  policy: z.string(),
  users: namesSchema,
  groups: namesSchema,
});
export type PolicyEntities = z.infer<typeof policyEntitiesSchema>;

/** `GET /idp/builtin/policy-entities` response (encrypted). */
export const policyEntitiesResultSchema = z.object({
  timestamp: z.string(),
  userMappings: z.array(userPolicyEntitiesSchema).optional(),
  groupMappings: z.array(groupPolicyEntitiesSchema).optional(),
  policyMappings: z.array(policyEntitiesSchema).optional(),
});
export type PolicyEntitiesResult = z.infer<typeof policyEntitiesResultSchema>;
