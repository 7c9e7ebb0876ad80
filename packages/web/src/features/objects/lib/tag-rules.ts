// SPDX-License-Identifier: Apache-2.0
/** Object tags (spec 1 §3, §5 "Object tag Save needs a non-empty key and value"; S3: at most 10 tags). */
export const MAX_OBJECT_TAGS = 10;
export const MAX_TAG_KEY_LENGTH = 128;
export const MAX_TAG_VALUE_LENGTH = 256;

export type TagSet = Readonly<Record<string, string>>;

/** Why the new tag cannot be saved, or undefined when Save may be pressed. */
export function newTagProblem(tags: TagSet, key: string, value: string): string | undefined {
  const k = key.trim();
  if (k === '' || value.trim() === '') return 'A tag needs a key and a value';
  if (k.length > MAX_TAG_KEY_LENGTH) return `Tag keys are at most ${MAX_TAG_KEY_LENGTH} characters`;
  if (value.length > MAX_TAG_VALUE_LENGTH) return `Tag values are at most ${MAX_TAG_VALUE_LENGTH} characters`;
  if (!Object.hasOwn(tags, k) && Object.keys(tags).length >= MAX_OBJECT_TAGS)
    return `An object can have at most ${MAX_OBJECT_TAGS} tags`;
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
