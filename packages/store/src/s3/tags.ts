// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';
import { parseXml, xmlChild, xmlList, xmlText } from './xml.js';

/** S3 tag limits: 10 per object (50 per bucket), keys 1–128 and values 0–256 characters. */
export const MAX_OBJECT_TAGS = 10;
export const MAX_BUCKET_TAGS = 50;

function checkTag(key: string, value: string): void {
  if (key.length < 1 || key.length > 128)
    throw new S3Error('InvalidTag', 'The TagKey you have provided is invalid');
  if (value.length > 256) throw new S3Error('InvalidTag', 'The TagValue you have provided is invalid');
}

function checkCount(n: number, max: number): void {
  if (n > max) throw new S3Error('InvalidTag', `Cannot provide more than ${max} tags`);
}

/** `x-amz-tagging: k1=v1&k2=v2` (URL query encoding) → tags. */
export function parseTaggingHeader(value: string | undefined): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  const out: Record<string, string> = {};
  const params = new URLSearchParams(value);
  for (const [k, v] of params) {
    if (k in out) throw new S3Error('InvalidTag', 'Cannot provide multiple Tags with the same key');
    checkTag(k, v);
    out[k] = v;
  }
  checkCount(Object.keys(out).length, MAX_OBJECT_TAGS);
  return out;
}

/** `<Tagging><TagSet><Tag><Key/><Value/></Tag>…</TagSet></Tagging>` → tags. */
export function parseTaggingXml(body: Buffer, max: number): Record<string, string> {
  const doc = parseXml(body, 'Tagging', ['Tag']);
  const set = xmlChild(doc.TagSet);
  if (!set) throw new S3Error('MalformedXML');
  const out: Record<string, string> = {};
  for (const tag of xmlList(set.Tag)) {
    const key = xmlText(tag.Key, false);
    const value = xmlText(tag.Value, false) ?? '';
    if (key === undefined) throw new S3Error('MalformedXML');
    if (key in out) throw new S3Error('InvalidTag', 'Cannot provide multiple Tags with the same key');
    checkTag(key, value);
    out[key] = value;
  }
  checkCount(Object.keys(out).length, max);
  return out;
}

/** Tags → the `TagSet` content of a Tagging document. */
export function tagSetXml(tags: Record<string, string>): {
  TagSet: { Tag: { Key: string; Value: string }[] };
} {
  return { TagSet: { Tag: Object.entries(tags).map(([Key, Value]) => ({ Key, Value })) } };
}
