// Wire types of the policy calls (madmin-go policy-commands.go, idp-commands.go; PROTOCOL-NOTES §2).

/** An IAM policy document, kept as parsed JSON (the server validates it). */
export type PolicyDocument = Record<string, unknown>;

/** `GET /list-canned-policies`: name → document. */
export type ListCannedPoliciesResponse = Record<string, PolicyDocument>;

/** `GET /info-canned-policy?name=&v=2` response (PascalCase on the wire). */
export interface PolicyInfo {
  PolicyName: string;
  Policy: PolicyDocument;
  CreateDate?: string;
  UpdateDate?: string;
}

/** `POST /idp/builtin/policy/attach|detach` body (encrypted): exactly one of user or group. */
export interface PolicyAssociationRequest {
  policies: string[];
  user?: string;
  group?: string;
}

/** What newer servers answer to attach/detach (encrypted); older ones send an empty body. */
export interface PolicyAssociationResponse {
  policiesAttached?: string[];
  policiesDetached?: string[];
  updatedAt: string;
}

/** Filters of `GET /idp/builtin/policy-entities` (each repeated on the query string). */
export interface PolicyEntitiesQuery {
  users?: string[];
  groups?: string[];
  policy?: string[];
}

export interface UserPolicyEntities {
  user: string;
  policies: string[];
}

export interface GroupPolicyEntities {
  group: string;
  policies: string[];
}

export interface PolicyEntities {
  policy: string;
  users: string[];
  groups: string[];
}

/** `GET /idp/builtin/policy-entities` response (encrypted). */
export interface PolicyEntitiesResult {
  timestamp: string;
  userMappings?: UserPolicyEntities[];
  groupMappings?: GroupPolicyEntities[];
  policyMappings?: PolicyEntities[];
}
