// SPDX-License-Identifier: Apache-2.0
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { S3Error } from '../core/errors.js';

/**
 * A bucket's replication configuration: MinIO's rule model (the S3 ReplicationConfiguration document
 * with MinIO's DeleteReplication), parsed, validated and rendered. Stored as the XML the client sent,
 * re-rendered, in the bucket's `replication` config document.
 */

export type RuleStatus = 'Enabled' | 'Disabled';

export interface ReplicationRule {
  id: string;
  priority: number;
  status: RuleStatus;
  /** Keys starting with this prefix ('' = all). */
  prefix: string;
  /** Every tag must be on the object. */
  tags: Record<string, string>;
  /** Destination bucket: the remote target's ARN. */
  arn: string;
  storageClass: string;
  deleteMarkerReplication: RuleStatus;
  deleteReplication: RuleStatus;
  existingObjectReplication: RuleStatus;
  /** Replicate metadata changes made on replicas back (MinIO's ReplicaModifications). */
  replicaModifications: RuleStatus;
}

export interface ReplicationConfig {
  role: string;
  rules: ReplicationRule[];
}

const ARN_RE = /^arn:minio:replication:[^:]*:[^:]+:[^:]+$/;
const MAX_RULES = 1000;

function bad(message: string): S3Error {
  return new S3Error('MalformedXML', message);
}

type Node = Record<string, unknown>;

function text(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'string') return node;
  if (typeof node === 'number') return String(node);
  if (typeof node === 'object' && Object.keys(node as Node).length === 0) return '';
  return undefined;
}

function status(node: unknown, what: string, fallback: RuleStatus): RuleStatus {
  if (node === undefined) return fallback;
  const s = text((node as Node).Status);
  // SDKs send the element with an empty status for "not set".
  if (s === undefined || s === '') return fallback;
  if (s === 'Enabled' || s === 'Disabled') return s;
  throw bad(`${what} status must be Enabled or Disabled`);
}

function parseTags(list: unknown): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const t of (list as Node[] | undefined) ?? []) {
    const k = text(t.Key) ?? '';
    // An empty <Tag/> (SDKs send one for "no tag filter") is no condition, as MinIO reads it.
    if (k === '' && (text(t.Value) ?? '') === '') continue;
    if (k === '' || k.length > 128) throw bad('A tag key must be 1 to 128 characters');
    if (k in tags) throw bad(`Duplicate tag key '${k}' in a rule filter`);
    const v = text(t.Value) ?? '';
    if (v.length > 256) throw bad('A tag value must be at most 256 characters');
    tags[k] = v;
  }
  return tags;
}

function parseRule(r: Node, index: number): ReplicationRule {
  const id = text(r.ID) ?? '';
  if (id.length > 255) throw bad('ID must be less than 255 characters');
  const ruleStatus = text(r.Status);
  if (ruleStatus !== 'Enabled' && ruleStatus !== 'Disabled') {
    throw bad('Replication rule status must be Enabled or Disabled');
  }
  const filter = (r.Filter ?? {}) as Node;
  const and = filter.And as Node | undefined;
  let prefix = text(r.Prefix) ?? text(filter.Prefix) ?? '';
  let tags = parseTags(filter.Tag);
  if (and) {
    if (filter.Prefix !== undefined || filter.Tag !== undefined) {
      throw bad('Filter must have exactly one of Prefix, Tag or And');
    }
    prefix = text(and.Prefix) ?? '';
    tags = parseTags(and.Tag);
  } else if (filter.Prefix !== undefined && Object.keys(tags).length > 0 && text(filter.Prefix) !== '') {
    throw bad('Filter must have exactly one of Prefix, Tag or And');
  }
  const dest = r.Destination as Node | undefined;
  const arn = text(dest?.Bucket) ?? '';
  if (!ARN_RE.test(arn)) throw bad(`Destination bucket must be a replication target ARN, not '${arn}'`);
  const priorityText = text(r.Priority);
  const priority = priorityText === undefined || priorityText === '' ? index + 1 : Number(priorityText);
  if (!Number.isInteger(priority) || priority < 0) throw bad('Priority must be a non-negative integer');
  const deleteMarkerReplication = status(r.DeleteMarkerReplication, 'Delete marker replication', 'Disabled');
  const sel = r.SourceSelectionCriteria as Node | undefined;
  return {
    id: id || `rule-${priority}`,
    priority,
    status: ruleStatus,
    prefix,
    tags,
    arn,
    storageClass: text(dest?.StorageClass) ?? '',
    deleteMarkerReplication,
    deleteReplication: status(r.DeleteReplication, 'Delete replication', 'Disabled'),
    existingObjectReplication: status(r.ExistingObjectReplication, 'Existing object replication', 'Disabled'),
    replicaModifications: status(sel?.ReplicaModifications, 'Replica modifications', 'Enabled'),
  };
}

/** Parses and validates a PutBucketReplication body; MalformedXML with the reason otherwise. */
export function parseReplicationConfig(body: Buffer | string): ReplicationConfig {
  const xml = typeof body === 'string' ? body : body.toString('utf8');
  if (xml.trim() === '' || /<!DOCTYPE|<!ENTITY/i.test(xml) || XMLValidator.validate(xml) !== true) {
    throw new S3Error('MalformedXML');
  }
  const parser = new XMLParser({
    ignoreAttributes: true,
    removeNSPrefix: true,
    parseTagValue: false,
    isArray: (name) => name === 'Rule' || name === 'Tag',
  });
  const root = (parser.parse(xml) as Node).ReplicationConfiguration as Node | undefined;
  if (root === undefined) throw bad('The XML document must have the root element <ReplicationConfiguration>');
  const list = ((root as Node).Rule as Node[] | undefined) ?? [];
  if (list.length === 0) throw bad('Replication configuration should have at least one rule');
  if (list.length > MAX_RULES) throw bad(`Replication configuration allows at most ${MAX_RULES} rules`);
  const rules = list.map((r, i) => parseRule(r, i));
  const ids = new Set<string>();
  const priorities = new Set<number>();
  for (const r of rules) {
    if (ids.has(r.id)) throw bad('Replication configuration has duplicate rule ID');
    ids.add(r.id);
    if (priorities.has(r.priority)) throw bad('Replication configuration has duplicate priority');
    priorities.add(r.priority);
  }
  return { role: text(root.Role) ?? '', rules };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: false,
  suppressEmptyNode: false,
});

function statusNode(s: RuleStatus): { Status: RuleStatus } {
  return { Status: s };
}

/** The configuration as GetBucketReplication answers it. */
export function replicationConfigXml(config: ReplicationConfig): string {
  const rule = (r: ReplicationRule): Node => {
    const tagList = Object.entries(r.tags).map(([Key, Value]) => ({ Key, Value }));
    const filter: Node =
      tagList.length === 0
        ? { Prefix: r.prefix }
        : tagList.length === 1 && r.prefix === ''
          ? { Tag: tagList }
          : { And: { Prefix: r.prefix, Tag: tagList } };
    return {
      ID: r.id,
      Status: r.status,
      Priority: r.priority,
      DeleteMarkerReplication: statusNode(r.deleteMarkerReplication),
      DeleteReplication: statusNode(r.deleteReplication),
      Filter: filter,
      SourceSelectionCriteria: { ReplicaModifications: statusNode(r.replicaModifications) },
      ExistingObjectReplication: statusNode(r.existingObjectReplication),
      Destination: { Bucket: r.arn, ...(r.storageClass ? { StorageClass: r.storageClass } : {}) },
    };
  };
  const doc = {
    ReplicationConfiguration: {
      '@_xmlns': 'http://s3.amazonaws.com/doc/2006-03-01/',
      ...(config.role ? { Role: config.role } : {}),
      Rule: config.rules.map(rule),
    },
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(doc)}`;
}

/** What a change is, for rule selection. */
export type ChangeKind = 'object' | 'delete-marker' | 'version-delete' | 'metadata' | 'existing';

/**
 * The enabled rule of highest priority that covers the key and tags, and allows this kind of change;
 * null when none does (the change is not replicated).
 */
export function matchRule(
  config: ReplicationConfig,
  key: string,
  tags: Record<string, string>,
  kind: ChangeKind,
): ReplicationRule | null {
  return matchRules(config, key, tags, kind)[0] ?? null;
}

/**
 * Per destination (ARN), the enabled rule of highest priority that covers the key and tags and allows
 * this kind of change: a configuration with rules to several targets (MinIO's multi-site replication,
 * the site layer's rules) replicates a change to each of them.
 */
export function matchRules(
  config: ReplicationConfig,
  key: string,
  tags: Record<string, string>,
  kind: ChangeKind,
): ReplicationRule[] {
  const rules = config.rules
    .filter((r) => r.status === 'Enabled' && key.startsWith(r.prefix))
    .filter((r) => Object.entries(r.tags).every(([k, v]) => tags[k] === v))
    .sort((a, b) => b.priority - a.priority);
  const out: ReplicationRule[] = [];
  const seen = new Set<string>();
  for (const rule of rules) {
    if (seen.has(rule.arn)) continue;
    seen.add(rule.arn);
    if (kind === 'delete-marker' && rule.deleteMarkerReplication !== 'Enabled') continue;
    if (kind === 'version-delete' && rule.deleteReplication !== 'Enabled') continue;
    if (kind === 'existing' && rule.existingObjectReplication !== 'Enabled') continue;
    out.push(rule);
  }
  return out;
}
