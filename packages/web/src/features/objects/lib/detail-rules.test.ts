// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  baseName,
  customerKeyLock,
  isDeletedEntry,
  needsLargeDownloadNotice,
  previewMode,
} from './detail-rules';

describe('object detail rules', () => {
  it('shows the download notice only above 104857600 bytes (spec 1 §8–9)', () => {
    expect(needsLargeDownloadNotice(104_857_600)).toBe(false);
    expect(needsLargeDownloadNotice(104_857_601)).toBe(true);
    expect(needsLargeDownloadNotice(undefined)).toBe(false);
  });

  it('previews the spec types, telling pdf from plain text', () => {
    expect(previewMode('a/b/photo.JPG')).toBe('image');
    expect(previewMode('doc.pdf')).toBe('pdf');
    expect(previewMode('notes.txt')).toBe('text');
    expect(previewMode('song.mp3')).toBe('audio');
    expect(previewMode('clip.webm')).toBe('video');
    expect(previewMode('archive.zip')).toBeUndefined();
    expect(previewMode('folder.png/readme')).toBeUndefined();
  });

  it('locks the reads of SSE-C objects only, saying why', () => {
    expect(customerKeyLock({ encryption: { type: 'SSE-C' } })).toMatch(/customer-provided key \(SSE-C\)/);
    expect(customerKeyLock({ encryption: { type: 'SSE-S3' } })).toBeUndefined();
    expect(customerKeyLock({ encryption: { type: 'SSE-KMS', kms_key_id: 'k' } })).toBeUndefined();
    expect(customerKeyLock({})).toBeUndefined();
  });

  it('treats delete markers and rewind rows deleted by then as deleted', () => {
    expect(isDeletedEntry({ is_delete_marker: true })).toBe(true);
    expect(isDeletedEntry({ delete_flag: true })).toBe(true);
    expect(isDeletedEntry({})).toBe(false);
    expect(isDeletedEntry(undefined)).toBe(false);
  });

  it('names downloads and titles by the last path segment', () => {
    expect(baseName('a/b/c.txt')).toBe('c.txt');
    expect(baseName('c.txt')).toBe('c.txt');
    expect(baseName('a/b/')).toBe('b');
  });
});
