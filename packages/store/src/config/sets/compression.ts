// SPDX-License-Identifier: Apache-2.0
import { type ConfigSetDef, isOn, type ResolvedSet } from '../registry.js';

/**
 * `compression`: which new objects are stored compressed at rest (zstd in independent blocks, see
 * packages/store/docs/erasure.md). Keys, defaults and the matching rules are MinIO's: an object is
 * compressed when compression is on, it is not of a kind that is already compressed (MinIO's fixed
 * exclusions below), and its name ends with one of `extensions` or its content type matches one of
 * `mime_types` (both lists empty: everything). Dynamic: a saved change applies to the next write;
 * objects already written keep how they are stored. Environment: MINIO_COMPRESSION_ENABLE,
 * MINIO_COMPRESSION_EXTENSIONS, MINIO_COMPRESSION_MIME_TYPES, MINIO_COMPRESSION_ALLOW_ENCRYPTION.
 */

export const DEFAULT_EXTENSIONS = '.txt,.log,.csv,.json,.tar,.xml,.bin';
export const DEFAULT_MIME_TYPES = 'text/*,application/json,application/xml,binary/octet-stream';

/** MinIO never compresses these: the data is compressed already. */
const EXCLUDED_EXTENSIONS = [
  '.gz',
  '.bz2',
  '.rar',
  '.zip',
  '.7z',
  '.xz',
  '.mp4',
  '.mkv',
  '.mov',
  '.jpg',
  '.png',
  '.gif',
];
const EXCLUDED_TYPES = [
  'video/*',
  'audio/*',
  'application/zip',
  'application/x-gzip',
  'application/x-zip-compressed',
  'application/x-compress',
  'application/x-spoon',
];

function checkList(value: string): string | undefined {
  const items = value.split(',').map((s) => s.trim());
  if (items.includes('/')) return `'${value}': an extension or MIME type cannot be '/'`;
  return undefined;
}

export const compressionSet: ConfigSetDef = {
  subSys: 'compression',
  description: 'compress objects at rest',
  multipleTargets: false,
  apply: 'dynamic',
  keys: [
    {
      key: 'enable',
      type: 'on|off',
      description: 'turn compression of new objects on or off',
      optional: true,
      default: 'off',
    },
    {
      key: 'extensions',
      type: 'csv',
      description: `comma separated object name endings to compress, '*' for every name (default '${DEFAULT_EXTENSIONS}')`,
      optional: true,
      default: DEFAULT_EXTENSIONS,
      validate: checkList,
    },
    {
      key: 'mime_types',
      type: 'csv',
      description: `comma separated content types to compress, '*' as a wildcard (default '${DEFAULT_MIME_TYPES}')`,
      optional: true,
      default: DEFAULT_MIME_TYPES,
      validate: checkList,
    },
    {
      key: 'allow_encryption',
      type: 'on|off',
      description:
        'also compress objects that are encrypted at rest (this server refuses server-side encryption requests, so no object is both)',
      optional: true,
      default: 'off',
    },
    {
      key: 'comment',
      type: 'sentence',
      description: 'optionally add a comment to this setting',
      optional: true,
      default: '',
    },
  ],
};

/** The `compression` values in effect, parsed. */
export interface CompressionPolicy {
  readonly enabled: boolean;
  readonly allowEncryption: boolean;
  readonly extensions: readonly string[];
  readonly mimeTypes: readonly string[];
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
}

const OFF: CompressionPolicy = { enabled: false, allowEncryption: false, extensions: [], mimeTypes: [] };

export function compressionPolicy(kv: ResolvedSet): CompressionPolicy {
  // Off (the default) is decided without parsing the lists: every write asks.
  if (!isOn(kv.values.enable)) return OFF;
  return {
    enabled: isOn(kv.values.enable),
    allowEncryption: isOn(kv.values.allow_encryption),
    extensions: list(kv.values.extensions),
    mimeTypes: list(kv.values.mime_types),
  };
}

/** MinIO's simple wildcard match: `*` stands for any run of characters. */
function wildcard(pattern: string, text: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === text;
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  if (!text.startsWith(first) || text.length < first.length + last.length) return false;
  let pos = first.length;
  for (const mid of parts.slice(1, -1)) {
    const at = text.indexOf(mid, pos);
    if (at < 0) return false;
    pos = at + mid.length;
  }
  return text.endsWith(last) && text.length - last.length >= pos;
}

const endsWithAny = (name: string, list: readonly string[]): boolean =>
  list.some((e) => e === '*' || name.endsWith(e));
const matchesAny = (type: string, list: readonly string[]): boolean => list.some((p) => wildcard(p, type));

/**
 * Whether a new object is stored compressed. The content type is compared without its parameters
 * (`text/plain; charset=utf-8` is `text/plain`), names and types without case.
 */
export function shouldCompress(
  p: CompressionPolicy,
  key: string,
  contentType: string,
  encrypted = false,
): boolean {
  if (!p.enabled || (encrypted && !p.allowEncryption)) return false;
  const name = key.toLowerCase();
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (endsWithAny(name, EXCLUDED_EXTENSIONS) || matchesAny(type, EXCLUDED_TYPES)) return false;
  if (p.extensions.length === 0 && p.mimeTypes.length === 0) return true;
  return endsWithAny(name, p.extensions) || matchesAny(type, p.mimeTypes);
}
