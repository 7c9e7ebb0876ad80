// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import type { ResolvedSet } from '../registry.js';
import { compressionPolicy, compressionSet, shouldCompress } from './compression.js';

/** The `compression` set's matching rules (MinIO's), on resolved values as the service hands them out. */

function resolved(values: Record<string, string> = {}): ResolvedSet {
  const all: Record<string, string> = {};
  for (const k of compressionSet.keys) all[k.key] = values[k.key] ?? k.default;
  return { target: '', values: all, fromEnv: {} };
}

describe('compression set', () => {
  it("has MinIO's keys and defaults", () => {
    expect(compressionSet.keys.map((k) => [k.key, k.type, k.default])).toEqual([
      ['enable', 'on|off', 'off'],
      ['extensions', 'csv', '.txt,.log,.csv,.json,.tar,.xml,.bin'],
      ['mime_types', 'csv', 'text/*,application/json,application/xml,binary/octet-stream'],
      ['allow_encryption', 'on|off', 'off'],
      ['comment', 'sentence', ''],
    ]);
    expect(compressionSet.apply).toBe('dynamic');
    const ext = compressionSet.keys.find((k) => k.key === 'extensions');
    expect(ext?.validate?.('.txt,/')).toMatch(/cannot be '\/'/);
  });

  it('compresses nothing while off', () => {
    expect(shouldCompress(compressionPolicy(resolved()), 'a.txt', 'text/plain')).toBe(false);
  });

  it('matches extensions and MIME types, without case and content-type parameters', () => {
    const p = compressionPolicy(resolved({ enable: 'on' }));
    expect(shouldCompress(p, 'logs/app.LOG', 'application/octet-stream')).toBe(true);
    expect(shouldCompress(p, 'data', 'text/csv; charset=utf-8')).toBe(true);
    expect(shouldCompress(p, 'data', 'Application/JSON')).toBe(true);
    expect(shouldCompress(p, 'data', 'binary/octet-stream')).toBe(true);
    expect(shouldCompress(p, 'photo.raw', 'application/octet-stream')).toBe(false);
    expect(shouldCompress(p, 'report.pdf', 'application/pdf')).toBe(false);
  });

  it('never compresses what is compressed already, even when asked to', () => {
    const p = compressionPolicy(resolved({ enable: 'on', extensions: '*', mime_types: '*' }));
    expect(shouldCompress(p, 'anything', 'application/x-anything')).toBe(true);
    expect(shouldCompress(p, 'a.tar.gz', 'application/octet-stream')).toBe(false);
    expect(shouldCompress(p, 'clip.MP4', 'text/plain')).toBe(false);
    expect(shouldCompress(p, 'song', 'audio/mpeg')).toBe(false);
    expect(shouldCompress(p, 'v', 'video/webm')).toBe(false);
    expect(shouldCompress(p, 'z', 'application/zip')).toBe(false);
  });

  it('compresses everything (but the exclusions) when both lists are empty', () => {
    const p = compressionPolicy(resolved({ enable: 'on', extensions: '', mime_types: '' }));
    expect(shouldCompress(p, 'x.unknown', 'application/x-unknown')).toBe(true);
    expect(shouldCompress(p, 'x.zip', 'application/x-unknown')).toBe(false);
  });

  it('leaves encrypted objects alone unless allow_encryption', () => {
    expect(shouldCompress(compressionPolicy(resolved({ enable: 'on' })), 'a.txt', 'text/plain', true)).toBe(
      false,
    );
    const allow = compressionPolicy(resolved({ enable: 'on', allow_encryption: 'on' }));
    expect(shouldCompress(allow, 'a.txt', 'text/plain', true)).toBe(true);
  });
});
