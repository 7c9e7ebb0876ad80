// SPDX-License-Identifier: Apache-2.0
/**
 * Object and bucket tags (spec 1 §3, §5 "Object tag Save needs a non-empty key and value"; S3: at most 10
 * tags on an object, 50 on a bucket).
 */
export const MAX_TAG_KEY_LENGTH = 128;
export const MAX_TAG_VALUE_LENGTH = 256;

export type TagSet = Readonly<Record<string, string>>;

/** What carries the tags: its S3 limit, and how the limit's message names it. */
export interface TagLimit {
  max: number;
  /** 'An object', 'A bucket'. */
  holder: string;
}
export const OBJECT_TAGS: TagLimit = { max: 10, holder: 'An object' };
export const BUCKET_TAGS: TagLimit = { max: 50, holder: 'A bucket' };

/** Why the new tag cannot be saved, or undefined when Save may be pressed. */
export function newTagProblem(
  tags: TagSet,
  key: string,
  value: string,
  limit: TagLimit = OBJECT_TAGS,
): string | undefined {
  const k = key.trim();
  if (k === '' || value.trim() === '') return 'A tag needs a key and a value';
  if (k.length > MAX_TAG_KEY_LENGTH) return `Tag keys are at most ${MAX_TAG_KEY_LENGTH} characters`;
  if (value.length > MAX_TAG_VALUE_LENGTH) return `Tag values are at most ${MAX_TAG_VALUE_LENGTH} characters`;
  if (!Object.hasOwn(tags, k) && Object.keys(tags).length >= limit.max)
    return `${limit.holder} can have at most ${limit.max} tags`;
  return undefined;
}

/** The whole tag set after adding (or replacing) one tag; the key is trimmed. */
export function withTag(tags: TagSet, key: string, value: string): Record<string, string> {
  return { ...tags, [key.trim()]: value };
}

export function withoutTag(tags: TagSet, key: string): Record<string, string> {
  const next = { ...tags };
  delete next[key];
  return next;
}
