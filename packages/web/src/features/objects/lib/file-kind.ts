import { isFolder } from './object-paths';

export type FileKind = 'folder' | 'image' | 'video' | 'audio' | 'pdf' | 'code' | 'text' | 'archive' | 'file';

const byExtension: Record<string, FileKind> = {};
const groups: [FileKind, string[]][] = [
  [
    'image',
    [
      'jif',
      'jfif',
      'apng',
      'avif',
      'svg',
      'webp',
      'bmp',
      'ico',
      'jpg',
      'jpe',
      'jpeg',
      'gif',
      'png',
      'heic',
      'tif',
      'tiff',
    ],
  ],
  ['video', ['mp4', 'avi', 'mpg', 'mpeg', 'webm', 'mov', 'flv', 'mkv', 'wmv', 'avchd', 'mpeg-4', 'm4v']],
  ['audio', ['wav', 'mp3', 'alac', 'aiff', 'dsd', 'pcm', 'flac', 'ogg', 'aac', 'm4a']],
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
