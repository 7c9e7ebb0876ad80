// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { S3Error } from '../core/errors.js';
import type {
  LifecycleConfiguration,
  LifecycleFilter,
  LifecycleRule,
  RuleStatus,
} from '../lifecycle/types.js';
import { parseXml, type XmlNode, xmlChild, xmlList, xmlText } from './xml.js';

/**
 * The `LifecycleConfiguration` document ↔ the rule model of `lifecycle/`. Structure problems (unknown
 * or repeated elements where one is allowed, non-numbers) answer MalformedXML; values are checked by
 * `lifecycle/validate.ts`.
 */

type Node = Record<string, XmlNode | XmlNode[]>;

function only(node: Node, allowed: readonly string[]): void {
  for (const k of Object.keys(node))
    if (!allowed.includes(k)) throw new S3Error('MalformedXML', `Unexpected element <${k}>`);
}

function int(node: XmlNode | XmlNode[] | undefined, name: string): number | undefined {
  const text = xmlText(node);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw new S3Error('MalformedXML', `<${name}> must be an integer`);
  return Number(text);
}

function date(node: XmlNode | XmlNode[] | undefined): string | undefined {
  const text = xmlText(node);
  if (text === undefined) return undefined;
  const t = Date.parse(text);
  if (Number.isNaN(t)) throw new S3Error('InvalidArgument', "'Date' must be in ISO 8601 format");
  return new Date(t).toISOString();
}

function tagsOf(list: Node[]): Record<string, string> | undefined {
  if (list.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const t of list) {
    const key = xmlText(t.Key, false);
    if (key === undefined) throw new S3Error('MalformedXML', 'A Tag needs a Key');
    if (key in out) throw new S3Error('InvalidArgument', 'Duplicate Tag Keys are not allowed.');
    out[key] = xmlText(t.Value, false) ?? '';
  }
  return out;
}

function conditions(node: Node): LifecycleFilter {
  const f: LifecycleFilter = {};
  const prefix = xmlText(node.Prefix, false);
  if (prefix !== undefined) f.prefix = prefix;
  const tags = tagsOf(xmlList(node.Tag));
  if (tags) f.tags = tags;
  const gt = int(node.ObjectSizeGreaterThan, 'ObjectSizeGreaterThan');
  if (gt !== undefined) f.objectSizeGreaterThan = gt;
  const lt = int(node.ObjectSizeLessThan, 'ObjectSizeLessThan');
  if (lt !== undefined) f.objectSizeLessThan = lt;
  return f;
}

function parseFilter(node: Node): LifecycleFilter {
  only(node, ['Prefix', 'Tag', 'And', 'ObjectSizeGreaterThan', 'ObjectSizeLessThan']);
  const keys = Object.keys(node);
  if (keys.length > 1 || (Array.isArray(node.Tag) && node.Tag.length > 1)) {
    throw new S3Error('MalformedXML', 'A Filter holds one condition; use <And> to combine them');
  }
  const and = xmlChild(node.And);
  if (!and) return conditions(node);
  only(and, ['Prefix', 'Tag', 'ObjectSizeGreaterThan', 'ObjectSizeLessThan']);
  return conditions(and);
}

function parseRule(node: Node): LifecycleRule {
  only(node, [
    'ID',
    'Status',
    'Filter',
    'Prefix',
    'Expiration',
    'NoncurrentVersionExpiration',
    'AbortIncompleteMultipartUpload',
    'Transition',
    'NoncurrentVersionTransition',
  ]);
  const status = xmlText(node.Status);
  if (status !== 'Enabled' && status !== 'Disabled')
    throw new S3Error('MalformedXML', 'Status must be Enabled or Disabled');
  const filterNode = xmlChild(node.Filter);
  const legacyPrefix = xmlText(node.Prefix, false);
  if (filterNode && legacyPrefix !== undefined)
    throw new S3Error('MalformedXML', 'A rule has either <Filter> or <Prefix>, not both');
  const rule: LifecycleRule = {
    id: xmlText(node.ID) || randomBytes(10).toString('hex'),
    status: status as RuleStatus,
    filter: filterNode ? parseFilter(filterNode) : legacyPrefix !== undefined ? { prefix: legacyPrefix } : {},
    filterForm: legacyPrefix !== undefined ? 'prefix' : 'filter',
  };
  const exp = xmlChild(node.Expiration);
  if (exp) {
    only(exp, ['Days', 'Date', 'ExpiredObjectDeleteMarker']);
    const dm = xmlText(exp.ExpiredObjectDeleteMarker);
    if (dm !== undefined && dm !== 'true' && dm !== 'false')
      throw new S3Error('MalformedXML', 'ExpiredObjectDeleteMarker must be true or false');
    const days = int(exp.Days, 'Days');
    const d = date(exp.Date);
    rule.expiration = {
      ...(days !== undefined ? { days } : {}),
      ...(d !== undefined ? { date: d } : {}),
      ...(dm === 'true' ? { expiredObjectDeleteMarker: true } : {}),
    };
    if (dm === 'false' && days === undefined && d === undefined)
      rule.expiration.expiredObjectDeleteMarker = false;
  }
  const nve = xmlChild(node.NoncurrentVersionExpiration);
  if (nve) {
    only(nve, ['NoncurrentDays', 'NewerNoncurrentVersions']);
    const days = int(nve.NoncurrentDays, 'NoncurrentDays');
    const newer = int(nve.NewerNoncurrentVersions, 'NewerNoncurrentVersions');
    rule.noncurrentVersionExpiration = {
      ...(days !== undefined ? { noncurrentDays: days } : {}),
      ...(newer !== undefined ? { newerNoncurrentVersions: newer } : {}),
    };
  }
  const abort = xmlChild(node.AbortIncompleteMultipartUpload);
  if (abort) {
    only(abort, ['DaysAfterInitiation']);
    const days = int(abort.DaysAfterInitiation, 'DaysAfterInitiation');
    if (days === undefined)
      throw new S3Error('MalformedXML', 'AbortIncompleteMultipartUpload needs DaysAfterInitiation');
    rule.abortIncompleteMultipartUpload = { daysAfterInitiation: days };
  }
  const transitions = xmlList(node.Transition).map((t) => {
    only(t, ['Days', 'Date', 'StorageClass']);
    const days = int(t.Days, 'Days');
    const d = date(t.Date);
    return {
      ...(days !== undefined ? { days } : {}),
      ...(d !== undefined ? { date: d } : {}),
      storageClass: xmlText(t.StorageClass) ?? '',
    };
  });
  if (transitions.length > 0) rule.transitions = transitions;
  const nct = xmlList(node.NoncurrentVersionTransition).map((t) => {
    only(t, ['NoncurrentDays', 'NewerNoncurrentVersions', 'StorageClass']);
    const newer = int(t.NewerNoncurrentVersions, 'NewerNoncurrentVersions');
    return {
      noncurrentDays: int(t.NoncurrentDays, 'NoncurrentDays') ?? 0,
      ...(newer !== undefined ? { newerNoncurrentVersions: newer } : {}),
      storageClass: xmlText(t.StorageClass) ?? '',
    };
  });
  if (nct.length > 0) rule.noncurrentVersionTransitions = nct;
  return rule;
}

/** Parses a PutBucketLifecycleConfiguration body (structure only; validate it next). */
export function parseLifecycleXml(body: Buffer): LifecycleConfiguration {
  const doc = parseXml(body, 'LifecycleConfiguration', [
    'Rule',
    'Tag',
    'Transition',
    'NoncurrentVersionTransition',
  ]);
  only(doc, ['Rule']);
  return { rules: xmlList(doc.Rule).map(parseRule) };
}

function filterXml(f: LifecycleFilter): Record<string, unknown> {
  const tags = Object.entries(f.tags ?? {}).map(([Key, Value]) => ({ Key, Value }));
  const parts: Record<string, unknown> = {
    ...(f.prefix !== undefined ? { Prefix: f.prefix } : {}),
    ...(tags.length > 0 ? { Tag: tags } : {}),
    ...(f.objectSizeGreaterThan !== undefined ? { ObjectSizeGreaterThan: f.objectSizeGreaterThan } : {}),
    ...(f.objectSizeLessThan !== undefined ? { ObjectSizeLessThan: f.objectSizeLessThan } : {}),
  };
  const count = Object.keys(parts).length + Math.max(0, tags.length - 1);
  return count > 1 ? { And: parts } : parts;
}

/** The GetBucketLifecycleConfiguration document's content. */
export function lifecycleXml(config: LifecycleConfiguration): Record<string, unknown> {
  return {
    Rule: config.rules.map((r) => ({
      ID: r.id,
      ...(r.filterForm === 'prefix' ? { Prefix: r.filter.prefix ?? '' } : { Filter: filterXml(r.filter) }),
      Status: r.status,
      ...(r.transitions
        ? {
            Transition: r.transitions.map((t) => ({
              ...(t.date !== undefined ? { Date: t.date } : { Days: t.days }),
              StorageClass: t.storageClass,
            })),
          }
        : {}),
      ...(r.expiration
        ? {
            Expiration: {
              ...(r.expiration.days !== undefined ? { Days: r.expiration.days } : {}),
              ...(r.expiration.date !== undefined ? { Date: r.expiration.date } : {}),
              ...(r.expiration.expiredObjectDeleteMarker !== undefined
                ? { ExpiredObjectDeleteMarker: r.expiration.expiredObjectDeleteMarker }
                : {}),
            },
          }
        : {}),
      ...(r.noncurrentVersionTransitions
        ? {
            NoncurrentVersionTransition: r.noncurrentVersionTransitions.map((t) => ({
              NoncurrentDays: t.noncurrentDays,
              ...(t.newerNoncurrentVersions !== undefined
                ? { NewerNoncurrentVersions: t.newerNoncurrentVersions }
                : {}),
              StorageClass: t.storageClass,
            })),
          }
        : {}),
      ...(r.noncurrentVersionExpiration
        ? {
            NoncurrentVersionExpiration: {
              ...(r.noncurrentVersionExpiration.noncurrentDays !== undefined
                ? { NoncurrentDays: r.noncurrentVersionExpiration.noncurrentDays }
                : {}),
              ...(r.noncurrentVersionExpiration.newerNoncurrentVersions !== undefined
                ? { NewerNoncurrentVersions: r.noncurrentVersionExpiration.newerNoncurrentVersions }
                : {}),
            },
          }
        : {}),
      ...(r.abortIncompleteMultipartUpload
        ? {
            AbortIncompleteMultipartUpload: {
              DaysAfterInitiation: r.abortIncompleteMultipartUpload.daysAfterInitiation,
            },
          }
        : {}),
    })),
  };
}
