// SPDX-License-Identifier: Apache-2.0
import { previewableExtensions } from '@stowage/contracts';
import { isFolder } from './object-paths';

export type FileKind = 'folder' | 'image' | 'video' | 'audio' | 'pdf' | 'code' | 'text' | 'archive' | 'file';

const byExtension: Record<string, FileKind> = {};
const groups: [FileKind, string[]][] = [
  // The previewable lists (spec 1 §9) plus the common formats a browser cannot preview.
  ['image', [...previewableExtensions.image, 'tif', 'tiff']],
  ['video', [...previewableExtensions.video, 'mpeg', 'm4v']],
  ['audio', [...previewableExtensions.audio, 'flac', 'ogg', 'aac', 'm4a']],
  ['pdf', ['pdf']],
  ['text', ['txt', 'md', 'csv', 'log', 'rtf', 'doc', 'docx', 'odt']],
  [
    'code',
    [
      'json',
      'xml',
      'yaml',
      'yml',
      'toml',
      'ini',
      'html',
      'htm',
      'css',
      'js',
      'mjs',
      'ts',
      'tsx',
      'jsx',
      'py',
      'go',
      'rs',
      'java',
      'c',
      'h',
      'cpp',
      'sh',
      'sql',
    ],
  ],
  ['archive', ['zip', 'tar', 'gz', 'tgz', 'bz2', 'xz', 'zst', '7z', 'rar']],
];
for (const [kind, exts] of groups) for (const e of exts) byExtension[e] = kind;

/** The icon family of a listing entry, by its extension (spec 1 §2.6 "File icons depend on extension"). */
export function fileKind(name: string): FileKind {
  if (isFolder(name)) return 'folder';
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return 'file';
  return byExtension[base.slice(dot + 1).toLowerCase()] ?? 'file';
}
