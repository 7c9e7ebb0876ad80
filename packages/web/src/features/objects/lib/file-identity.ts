// SPDX-License-Identifier: Apache-2.0
import { formatBytes } from '@/shared/format/format-bytes';

/**
 * What tells a file chosen again apart from another one (issue 35, uploads that resume): the browser cannot
 * keep a File across a reload, so Resume asks for it again and compares name, size, last modified time and
 * the SHA-256 of its first and last MiB (WebCrypto; hash-wasm where the page is not a secure context and
 * `crypto.subtle` is missing). Two MiB are read whatever the file's size.
 */
export interface FileIdentity {
  name: string;
  size: number;
  lastModified: number;
  /** SHA-256 (hex) of the first MiB (the whole file when smaller). */
  headSha256: string;
  /** SHA-256 (hex) of the last MiB (the whole file when smaller). */
  tailSha256: string;
}

export const IDENTITY_SAMPLE_BYTES = 1024 * 1024;

type FileLike = Pick<File, 'name' | 'size' | 'lastModified' | 'slice'>;

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
    return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  const { sha256 } = await import('hash-wasm');
  return sha256(new Uint8Array(bytes));
}

export async function fileIdentity(file: FileLike): Promise<FileIdentity> {
  const head = file.slice(0, IDENTITY_SAMPLE_BYTES);
  const tail = file.slice(Math.max(0, file.size - IDENTITY_SAMPLE_BYTES), file.size);
  const [headSha256, tailSha256] = await Promise.all([
    head.arrayBuffer().then(sha256Hex),
    tail.arrayBuffer().then(sha256Hex),
  ]);
  return { name: file.name, size: file.size, lastModified: file.lastModified, headSha256, tailSha256 };
}

/** Every way `chosen` differs from `expected`, in words; empty when it is the same file. */
export function identityDifferences(expected: FileIdentity, chosen: FileIdentity): string[] {
  const out: string[] = [];
  if (chosen.name !== expected.name) out.push(`its name is ${chosen.name}, not ${expected.name}`);
  if (chosen.size !== expected.size)
    out.push(`its size is ${formatBytes(chosen.size)}, not ${formatBytes(expected.size)}`);
  if (chosen.lastModified !== expected.lastModified) out.push('it was modified at another time');
  if (chosen.headSha256 !== expected.headSha256 || chosen.tailSha256 !== expected.tailSha256)
    out.push('its content differs');
  return out;
}

/** The message when the user picked another file than the upload's; undefined when it is the same. */
export function differentFileMessage(expected: FileIdentity, chosen: FileIdentity): string | undefined {
  const diff = identityDifferences(expected, chosen);
  if (diff.length === 0) return undefined;
  return `This is not the file this upload started with (${diff.join('; ')}). Choose ${expected.name} (${formatBytes(expected.size)}, last modified ${new Date(expected.lastModified).toLocaleString('en-US')}).`;
}
