// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';
import { nonBlankName, policyJsonSchema } from './identity-rules.js';

/** Spec 2 §9: the list asks for at most 1000 policies. */
export const POLICY_LIST_LIMIT = 1000;

/** A policy: its name and its document as (pretty-printed) JSON text (spec 2 §3 "Policy"). */
export const policySchema = z
  .object({ name: z.string(), policy: z.string().describe('The policy document as JSON text') })
  .meta({ id: 'Policy' });
export type Policy = z.infer<typeof policySchema>;

/** GET /api/v1/policies?limit= query. */
export const listPoliciesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(10_000).default(POLICY_LIST_LIMIT),
});

/** GET /api/v1/policies: sorted by name; `total` counts all, `policies` holds at most `limit`. */
export const listPoliciesResponseSchema = z
  .object({ policies: z.array(policySchema), total: z.number().int().nonnegative() })
  .meta({ id: 'ListPoliciesResponse' });
export type ListPoliciesResponse = z.infer<typeof listPoliciesResponseSchema>;

/** POST /api/v1/policies (spec 2 §5 "Policy Save requires a non-empty name (trimmed)"). */
export const createPolicyRequestSchema = z
  .object({ name: nonBlankName('Policy name'), policy: policyJsonSchema })
  .meta({ id: 'CreatePolicyRequest' });
export type CreatePolicyRequest = z.infer<typeof createPolicyRequestSchema>;

/**
 * PUT /api/v1/policies/{name}: saves the JSON of an EXISTING policy (the JSON tab's Save; spec 2 §7 does
 * not show this call). The name is not editable, so only the document is sent.
 */
export const updatePolicyRequestSchema = z
  .object({ policy: policyJsonSchema })
  .meta({ id: 'UpdatePolicyRequest' });
export type UpdatePolicyRequest = z.infer<typeof updatePolicyRequestSchema>;

/** `{name}` path parameter of the policy calls. */
export const policyNameParamsSchema = z.object({ name: nonBlankName('Policy name') });

/** GET /api/v1/policies/{name}/users and /groups: names (spec 2 §7). */
export const policyEntityNamesSchema = z.array(z.string()).meta({ id: 'PolicyEntityNames' });

/** PUT /api/v1/set-policy: replaces the policies of one user or group; an empty list clears them. */
export const setPolicyRequestSchema = z
  .object({
    name: z.array(z.string().min(1)).max(1000),
    entityName: nonBlankName('entityName'),
    entityType: z.enum(['user', 'group']),
  })
  .meta({ id: 'SetPolicyRequest' });
export type SetPolicyRequest = z.infer<typeof setPolicyRequestSchema>;
