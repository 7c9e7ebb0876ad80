// SPDX-License-Identifier: Apache-2.0
import type { CidrSet } from './ip.js';

/**
 * A parsed, validated IAM or bucket policy. Every string-or-array field of the JSON is normalised to an
 * array; `raw` keeps the document as written so it can be returned unchanged (info-canned-policy).
 */
export interface Policy {
  version: string;
  id?: string;
  statements: Statement[];
  raw: PolicyDocumentJson;
}

/** A statement's Effect. */
export type Effect = 'Allow' | 'Deny';

/** One parsed statement; patterns are normalised for matching, `written*` keep the document's spelling. */
export interface Statement {
  /** Position in the document's Statement list (a single statement object is index 0). */
  index: number;
  sid?: string;
  effect: Effect;
  /** Bucket policies only: AWS principals (`*` = everyone). null when absent. */
  principals: string[] | null;
  notPrincipals: string[] | null;
  /** Lower-cased action patterns (`s3:getobject`, `s3:*`, `admin:*`). null when absent. */
  actions: string[] | null;
  notActions: string[] | null;
  /** Resource patterns without the `arn:aws:s3:::` prefix (`bucket/prefix*`, `*`). null when absent. */
  resources: string[] | null;
  notResources: string[] | null;
  conditions: ConditionClause[];
  /** `Action` as written (case kept), for display and the console's permission map. null when absent. */
  writtenActions: string[] | null;
  /** `Resource` as written (`arn:aws:s3:::bucket/*`, `*`). null when absent. */
  writtenResources: string[] | null;
}

/** How a multi-valued request key is compared (AWS set operators). */
export type ConditionQualifier = 'ForAnyValue' | 'ForAllValues' | null;

/** One operator/key pair of a statement's Condition block, ready to evaluate. */
export interface ConditionClause {
  /** Operator without qualifier and IfExists, e.g. `StringLike`. */
  operator: ConditionOperator;
  qualifier: ConditionQualifier;
  ifExists: boolean;
  /** Lower-cased condition key, e.g. `s3:prefix`, `aws:sourceip`. */
  key: string;
  /** Values as written (policy variables substituted at evaluation time). */
  values: string[];
  /** Pre-compiled CIDR list for IpAddress/NotIpAddress. */
  cidrs?: CidrSet;
  /** Pre-parsed numbers (Numeric*) or epoch milliseconds (Date*). */
  numbers?: number[];
  /** Any value contains `${...}` (needs substitution per request). */
  hasVariables: boolean;
}

/** The AWS condition operators the engine supports (without qualifier and IfExists). */
export type ConditionOperator =
  | 'StringEquals'
  | 'StringNotEquals'
  | 'StringEqualsIgnoreCase'
  | 'StringNotEqualsIgnoreCase'
  | 'StringLike'
  | 'StringNotLike'
  | 'NumericEquals'
  | 'NumericNotEquals'
  | 'NumericLessThan'
  | 'NumericLessThanEquals'
  | 'NumericGreaterThan'
  | 'NumericGreaterThanEquals'
  | 'DateEquals'
  | 'DateNotEquals'
  | 'DateLessThan'
  | 'DateLessThanEquals'
  | 'DateGreaterThan'
  | 'DateGreaterThanEquals'
  | 'Bool'
  | 'IpAddress'
  | 'NotIpAddress'
  | 'Null'
  | 'ArnEquals'
  | 'ArnNotEquals'
  | 'ArnLike'
  | 'ArnNotLike'
  | 'BinaryEquals';

/** The JSON form of a policy as clients send it. */
export interface PolicyDocumentJson {
  Version?: string;
  Id?: string;
  Statement?: unknown;
  [k: string]: unknown;
}

/** What a policy is evaluated against. */
export interface PolicyArgs {
  /** e.g. `s3:GetObject`, `admin:ListUsers` (any case). */
  action: string;
  bucket?: string;
  key?: string;
  /** Condition values by key; keys are looked up case-insensitively. */
  conditions: ConditionValues;
  /**
   * Bucket policies: the names the caller is known by (`*` alone for anonymous; for a user its ARN
   * `arn:aws:iam::<account>:user/<name>` and its access key). A statement's `*` names every caller.
   */
  principal?: string | readonly string[];
  /** Only explicit Deny statements count; absence of an Allow still allows (MinIO's DenyOnly). */
  denyOnly?: boolean;
}

/** Request condition values; use {@link conditionValues} to build one from a plain record. */
export interface ConditionValues {
  get(lowerKey: string): string[] | undefined;
}
