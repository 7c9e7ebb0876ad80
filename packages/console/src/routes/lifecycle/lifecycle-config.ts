// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import {
  type LifecycleRule,
  type LifecycleRuleRequest,
  type LifecycleTag,
  noLifecycleDate,
} from '@stowage/contracts';
import type * as Minio from 'minio';
import { apiErrors } from '../../errors/api-http-error.js';
import { s3XmlRequest, type XmlRecord, xmlList, xmlText } from '../objects/listing.js';

/**
 * A bucket's lifecycle configuration through the caller's S3 client (spec 1 §7 "Lifecycle"): read with
 * every value kept as text (the SDK's own read turns prefix "007" into 7), written with the SDK's
 * `setBucketLifecycle` (which serialises the S3 rule model and signs with Content-MD5).
 */

/** A rule as S3's XML model holds it (element names as in PutBucketLifecycleConfiguration). */
export type S3Rule = Record<string, unknown> & { ID: string; Status: string };

function isMissing(err: unknown): boolean {
  return (err as { code?: unknown }).code === 'NoSuchLifecycleConfiguration';
}

/** The bucket's rules in S3's model; none when the bucket has no lifecycle configuration. */
export async function readRules(s3: Minio.Client, bucket: string): Promise<S3Rule[]> {
  try {
    const doc = await s3XmlRequest(s3, { method: 'GET', bucketName: bucket, query: 'lifecycle' });
    const config = doc.LifecycleConfiguration as XmlRecord | undefined;
    return xmlList(config?.Rule).map((r) => r as S3Rule);
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
}

/** Writes the rules back; no rules deletes the configuration (S3 refuses an empty one). */
export async function writeRules(s3: Minio.Client, bucket: string, rules: S3Rule[]): Promise<void> {
  if (rules.length === 0) await s3.removeBucketLifecycle(bucket);
  else await s3.setBucketLifecycle(bucket, { Rule: rules as unknown as Minio.LifecycleRule[] });
}

function int(v: unknown): number {
  const n = Number.parseInt(xmlText(v), 10);
  return Number.isFinite(n) ? n : 0;
}

function date(v: unknown): string {
  const text = xmlText(v);
  return text === '' ? noLifecycleDate : new Date(text).toISOString().replace('.000Z', 'Z');
}

function tagsOf(v: unknown): LifecycleTag[] {
  return xmlList(v).map((t) => ({ key: xmlText(t.Key), value: xmlText(t.Value) }));
}

/** The filter's prefix and tags, wherever the rule keeps them (Prefix, Filter.Prefix/Tag, Filter.And). */
function filterOf(rule: S3Rule): { prefix: string; tags: LifecycleTag[] } {
  const filter = (rule.Filter ?? {}) as XmlRecord;
  const and = (filter.And ?? {}) as XmlRecord;
  return {
    prefix: xmlText(and.Prefix ?? filter.Prefix ?? rule.Prefix),
    tags: [...tagsOf(filter.Tag), ...tagsOf(and.Tag)],
  };
}

/** A rule as the Lifecycle tab shows it (spec 1 §3). */
export function toLifecycleRule(rule: S3Rule): LifecycleRule {
  const exp = (rule.Expiration ?? {}) as XmlRecord;
  const ncExp = (rule.NoncurrentVersionExpiration ?? {}) as XmlRecord;
  const tr = (xmlList(rule.Transition)[0] ?? {}) as XmlRecord;
  const ncTr = (xmlList(rule.NoncurrentVersionTransition)[0] ?? {}) as XmlRecord;
  return {
    id: xmlText(rule.ID),
    ...filterOf(rule),
    status: xmlText(rule.Status) === 'Enabled' ? 'Enabled' : 'Disabled',
    expiration: {
      days: int(exp.Days),
      date: date(exp.Date),
      delete_marker: xmlText(exp.ExpiredObjectDeleteMarker) === 'true',
      noncurrent_expiration_days: int(ncExp.NoncurrentDays),
    },
    transition: {
      days: int(tr.Days),
      date: date(tr.Date),
      storage_class: xmlText(tr.StorageClass),
      noncurrent_transition_days: int(ncTr.NoncurrentDays),
      noncurrent_storage_class: xmlText(ncTr.StorageClass),
    },
  };
}

/** 'k=v&k2=v2' (spec 1 §3) as tags; a pair without '=' is refused. */
export function parseTags(text: string | undefined): LifecycleTag[] {
  if (!text) return [];
  return text
    .split('&')
    .filter((p) => p !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw apiErrors.badRequest(`The tag "${pair}" is not of the form key=value.`);
      return { key: pair.slice(0, at), value: pair.slice(at + 1) };
    });
}

function filterElement(prefix: string, tags: LifecycleTag[]): XmlRecord {
  const tagElements = tags.map((t) => ({ Key: t.key, Value: t.value }));
  if (tags.length === 0) return { Prefix: prefix };
  if (tags.length === 1 && prefix === '') return { Tag: tagElements[0] };
  return { And: { Prefix: prefix, Tag: tagElements } };
}

/**
 * The day of a payload date at midnight UTC: the web sends the day plus T23:59:59Z (spec 1 §7) and S3
 * wants rule dates at midnight GMT.
 */
export function ruleDay(text: string): string {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(text)?.[1];
  if (day === undefined || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw apiErrors.badRequest(`"${text}" is not a date (YYYY-MM-DD).`);
  }
  return `${day}T00:00:00Z`;
}

/** Days or a date (spec 1 §4: "by date or by days"); a date wins when both are given, as MinIO's console. */
function when(dateText: string | undefined, days: number | undefined, what: string): XmlRecord {
  if (dateText) return { Date: ruleDay(dateText) };
  if (days !== undefined && days > 0) return { Days: days };
  throw apiErrors.badRequest(`The ${what} needs a date or a number of days of at least 1.`);
}

/** The S3 rule of a create/update payload, with the given ID and status. */
export function toS3Rule(req: LifecycleRuleRequest, id: string, enabled: boolean): S3Rule {
  const rule: S3Rule = {
    ID: id,
    Status: enabled ? 'Enabled' : 'Disabled',
    Filter: filterElement(req.prefix ?? '', parseTags(req.tags)),
  };
  if (req.type === 'expiry') {
    const hasCurrent = Boolean(req.expiry_date) || (req.expiry_days ?? 0) > 0;
    if (hasCurrent) rule.Expiration = when(req.expiry_date, req.expiry_days, 'expiry');
    else if (req.expired_object_delete_marker) rule.Expiration = { ExpiredObjectDeleteMarker: true };
    if ((req.noncurrentversion_expiration_days ?? 0) > 0) {
      rule.NoncurrentVersionExpiration = { NoncurrentDays: req.noncurrentversion_expiration_days };
    }
    if (!rule.Expiration && !rule.NoncurrentVersionExpiration) {
      throw apiErrors.badRequest('The expiry needs a date or a number of days of at least 1.');
    }
  } else {
    if (!req.storage_class) throw apiErrors.badRequest('A transition needs a storage class (a tier).');
    rule.Transition = {
      ...when(req.transition_date, req.transition_days, 'transition'),
      StorageClass: req.storage_class,
    };
    if ((req.noncurrentversion_transition_days ?? 0) > 0) {
      rule.NoncurrentVersionTransition = {
        NoncurrentDays: req.noncurrentversion_transition_days,
        StorageClass: req.noncurrentversion_transition_storage_class || req.storage_class,
      };
    }
    if (req.expired_object_delete_marker) rule.Expiration = { ExpiredObjectDeleteMarker: true };
  }
  return rule;
}

/** A new rule's ID: 20 characters, like the xid MinIO's console gives. */
export function newRuleId(): string {
  return randomUUID().replace(/-/g, '').slice(0, 20);
}

/** The rules after replacing (or, with `undefined`, removing) rule `id`; 404 when it is not there. */
export function replaceRule(rules: S3Rule[], id: string, next: S3Rule | undefined): S3Rule[] {
  const at = rules.findIndex((r) => xmlText(r.ID) === id);
  if (at < 0) throw apiErrors.notFound(`The bucket has no lifecycle rule with the ID "${id}".`);
  return next ? rules.map((r, i) => (i === at ? next : r)) : rules.filter((_, i) => i !== at);
}
