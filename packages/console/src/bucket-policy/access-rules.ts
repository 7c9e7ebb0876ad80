// SPDX-License-Identifier: Apache-2.0
import type { AccessRule, AccessRuleLevel, BucketAccess } from '@stowage/contracts';
import {
  type PolicyDocumentJson,
  RESOURCE_ARN_PREFIX,
  readPolicy,
  type Statement,
  statementList,
} from '@stowage/policy';

/**
 * Anonymous bucket access as MinIO's console manages it (PROTOCOL-NOTES §6, after minio-go
 * pkg/policy/bucket-policy.go): per object prefix a level readonly / writeonly / readwrite, written as
 * `Principal: {AWS: ["*"]}` statements in the bucket policy. This module is pure: it reads a policy
 * document into rules plus the statements it does not manage, and writes rules back into a document.
 * Reading the document (statements, principals, conditions) is @stowage/policy's `readPolicy`.
 */

/** Every level allows finding the bucket's region. */
const COMMON_BUCKET_ACTIONS = ['s3:GetBucketLocation'];
const READ_BUCKET_ACTIONS = ['s3:ListBucket'];
const WRITE_BUCKET_ACTIONS = ['s3:ListBucketMultipartUploads'];
const READ_OBJECT_ACTIONS = ['s3:GetObject'];
const WRITE_OBJECT_ACTIONS = [
  's3:AbortMultipartUpload',
  's3:DeleteObject',
  's3:ListMultipartUploadParts',
  's3:PutObject',
];
const MANAGED_BUCKET_ACTIONS = new Set([
  ...COMMON_BUCKET_ACTIONS,
  ...READ_BUCKET_ACTIONS,
  ...WRITE_BUCKET_ACTIONS,
]);
const MANAGED_OBJECT_ACTIONS = new Set([...READ_OBJECT_ACTIONS, ...WRITE_OBJECT_ACTIONS]);

/** A statement as JSON; kept verbatim when this module does not manage it. */
export type RawStatement = Record<string, unknown>;

export interface BucketPolicyDocument {
  Version: string;
  Statement: RawStatement[];
}

export interface ParsedBucketPolicy {
  /** Level per object prefix ('' = the whole bucket). */
  rules: Map<string, AccessRuleLevel>;
  /** Statements that are not anonymous prefix grants (Deny, named principals, other actions…). */
  foreign: RawStatement[];
}

/**
 * The `s3:prefix` values of the one condition a managed grant may carry (`StringEquals s3:prefix`, on
 * ListBucket); null without a Condition; 'foreign' for any other condition.
 */
function prefixCondition(st: Statement, raw: RawStatement): string[] | null | 'foreign' {
  if (raw.Condition === undefined) return null;
  const [clause, ...more] = st.conditions;
  if (clause === undefined || more.length > 0) return 'foreign';
  const plain = clause.operator === 'StringEquals' && clause.qualifier === null && !clause.ifExists;
  return plain && clause.key === 's3:prefix' ? clause.values : 'foreign';
}

function levelOf(actions: ReadonlySet<string>): AccessRuleLevel | null {
  const read = actions.has('s3:GetObject');
  const write = actions.has('s3:PutObject');
  if (read && write) return 'readwrite';
  if (read) return 'readonly';
  if (write) return 'writeonly';
  return null;
}

/**
 * Reads a bucket policy (JSON text, '' for none). A statement counts as a managed grant when it is an
 * anonymous Allow of the console's bucket/object actions on this bucket and `bucket/<prefix>*` objects;
 * bucket-level grants are dropped on read because `writeBucketPolicy` derives them from the rules again.
 */
export function parseBucketPolicy(bucket: string, text: string): ParsedBucketPolicy {
  const rules = new Map<string, AccessRuleLevel>();
  const foreign: RawStatement[] = [];
  if (text.trim() === '') return { rules, foreign };
  const doc = JSON.parse(text) as PolicyDocumentJson;
  const parsed = new Map(readPolicy(doc, 'bucket').statements.map((st) => [st.index, st]));
  const objectActions = new Map<string, Set<string>>();
  const bucketArn = `${RESOURCE_ARN_PREFIX}${bucket}`;
  for (const [index, raw] of (statementList(doc) as RawStatement[]).entries()) {
    // Statements that do not validate as a bucket policy are never ours.
    const st = parsed.get(index);
    const actions = st?.writtenActions ?? null;
    const resources = st?.writtenResources ?? null;
    const condition = st === undefined ? 'foreign' : prefixCondition(st, raw);
    const managed =
      st !== undefined &&
      st.effect === 'Allow' &&
      st.principals?.includes('*') === true &&
      st.notActions === null &&
      st.notResources === null &&
      st.notPrincipals === null &&
      actions !== null &&
      resources !== null &&
      condition !== 'foreign';
    if (!managed) {
      foreign.push(raw);
      continue;
    }
    const onBucket = resources.every((r) => r === bucketArn);
    const onObjects = resources.every((r) => r.startsWith(`${bucketArn}/`) && r.endsWith('*'));
    if (onBucket && actions.every((a) => MANAGED_BUCKET_ACTIONS.has(a))) continue;
    if (onObjects && condition === null && actions.every((a) => MANAGED_OBJECT_ACTIONS.has(a))) {
      for (const r of resources) {
        const prefix = r.slice(bucketArn.length + 1, -1);
        const set = objectActions.get(prefix) ?? new Set<string>();
        for (const a of actions) set.add(a);
        objectActions.set(prefix, set);
      }
      continue;
    }
    foreign.push(raw);
  }
  for (const [prefix, actions] of objectActions) {
    const level = levelOf(actions);
    if (level !== null) rules.set(prefix, level);
  }
  return { rules, foreign };
}

interface Grant {
  actions: string[];
  resources: string[];
  prefixCondition: string | null;
}

function grantsFor(bucket: string, prefix: string, level: AccessRuleLevel): Grant[] {
  const bucketArn = `${RESOURCE_ARN_PREFIX}${bucket}`;
  const objects = `${bucketArn}/${prefix}*`;
  const grants: Grant[] = [{ actions: COMMON_BUCKET_ACTIONS, resources: [bucketArn], prefixCondition: null }];
  if (level !== 'writeonly') {
    grants.push(
      {
        actions: READ_BUCKET_ACTIONS,
        resources: [bucketArn],
        prefixCondition: prefix === '' ? null : prefix,
      },
      { actions: READ_OBJECT_ACTIONS, resources: [objects], prefixCondition: null },
    );
  }
  if (level !== 'readonly') {
    grants.push(
      { actions: WRITE_BUCKET_ACTIONS, resources: [bucketArn], prefixCondition: null },
      { actions: WRITE_OBJECT_ACTIONS, resources: [objects], prefixCondition: null },
    );
  }
  return grants;
}

const keyOf = (list: readonly string[]): string => [...list].sort().join('\n');
const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])].sort();

/**
 * Merges grants as minio-go does: same actions and condition → one statement with the union of
 * resources; then same resources and condition → one statement with the union of actions. A public
 * bucket therefore becomes two statements (bucket: 3 actions, `bucket/*`: 5 actions).
 */
function mergeGrants(grants: Grant[]): Grant[] {
  const byActions = new Map<string, Grant>();
  for (const g of grants) {
    const k = `${keyOf(g.actions)}|${g.prefixCondition ?? ''}|${g.prefixCondition === null}`;
    const hit = byActions.get(k);
    if (hit) hit.resources = union(hit.resources, g.resources);
    else byActions.set(k, { ...g, actions: [...g.actions].sort(), resources: [...g.resources].sort() });
  }
  const byResources = new Map<string, Grant>();
  for (const g of byActions.values()) {
    const k = `${keyOf(g.resources)}|${g.prefixCondition ?? ''}|${g.prefixCondition === null}`;
    const hit = byResources.get(k);
    if (hit) hit.actions = union(hit.actions, g.actions);
    else byResources.set(k, { ...g });
  }
  return [...byResources.values()];
}

/** Writes rules (and the foreign statements, untouched) as a bucket policy document. */
export function writeBucketPolicy(
  bucket: string,
  rules: ReadonlyMap<string, AccessRuleLevel>,
  foreign: readonly RawStatement[] = [],
): BucketPolicyDocument {
  const grants = [...rules].flatMap(([prefix, level]) => grantsFor(bucket, prefix, level));
  const managed: RawStatement[] = mergeGrants(grants).map((g) => ({
    Effect: 'Allow',
    Principal: { AWS: ['*'] },
    Action: g.actions,
    Resource: g.resources,
    ...(g.prefixCondition === null
      ? {}
      : { Condition: { StringEquals: { 's3:prefix': [g.prefixCondition] } } }),
  }));
  return { Version: '2012-10-17', Statement: [...managed, ...foreign] };
}

/** The access rules of a policy, sorted by prefix (GET …/access-rules). */
export function listAccessRules(bucket: string, policyText: string): AccessRule[] {
  return [...parseBucketPolicy(bucket, policyText).rules]
    .map(([prefix, access]) => ({ prefix, access }))
    .sort((a, b) => a.prefix.localeCompare(b.prefix));
}

/** Sets (or with `null`, removes) the rule of one prefix and returns the new document. */
export function withAccessRule(
  bucket: string,
  policyText: string,
  prefix: string,
  level: AccessRuleLevel | null,
): BucketPolicyDocument {
  const { rules, foreign } = parseBucketPolicy(bucket, policyText);
  if (level === null) rules.delete(prefix);
  else rules.set(prefix, level);
  return writeBucketPolicy(bucket, rules, foreign);
}

/**
 * The access shown for a bucket (PROTOCOL-NOTES §6 "Read"): no policy or no statements → PRIVATE; the
 * whole bucket readable and writable anonymously → PUBLIC; anything else → CUSTOM.
 */
export function bucketAccessOf(bucket: string, policyText: string): BucketAccess {
  if (policyText.trim() === '') return 'PRIVATE';
  let parsed: ParsedBucketPolicy;
  try {
    parsed = parseBucketPolicy(bucket, policyText);
  } catch {
    return 'CUSTOM';
  }
  if (parsed.rules.size === 0 && parsed.foreign.length === 0) {
    return statementList(JSON.parse(policyText) as PolicyDocumentJson).length === 0 ? 'PRIVATE' : 'CUSTOM';
  }
  return parsed.rules.get('') === 'readwrite' ? 'PUBLIC' : 'CUSTOM';
}

/** The documents set-policy writes (PROTOCOL-NOTES §6): both replace the whole policy. */
export const privatePolicy = (): BucketPolicyDocument => ({ Version: '2012-10-17', Statement: [] });
export const publicPolicy = (bucket: string): BucketPolicyDocument =>
  writeBucketPolicy(bucket, new Map([['', 'readwrite']]));
