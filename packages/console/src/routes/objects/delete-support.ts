// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import type * as Minio from 'minio';
import { ApiHttpError } from '../../errors/api-http-error.js';
import { storeErrorToApiError } from '../../errors/store-errors.js';
import {
  type ListedVersion,
  listObjectsPage,
  listVersionsPage,
  s3XmlRequest,
  xmlList,
  xmlText,
} from './listing.js';

/**
 * Deleting objects for the DELETE …/objects and POST …/delete-objects routes (spec 1 §7): one object,
 * one version, every version of an object, or a whole folder — listed page by page and removed with
 * S3 DeleteObjects in batches of at most 1,000 keys, so a folder of any size never sits in memory.
 */

export interface DeleteRequest {
  path: string;
  versionId?: string;
  recursive?: boolean;
  /** Every version and delete marker too (otherwise a versioned bucket gets delete markers). */
  allVersions?: boolean;
}

export interface Target {
  key: string;
  versionId?: string;
}

export interface Failure extends Target {
  code: string;
  message: string;
}

/** S3 accepts at most 1,000 keys per DeleteObjects request. */
const BATCH = 1000;

function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** S3 API: DeleteObjects (quiet: only failures come back). */
export async function deleteBatch(
  s3: Minio.Client,
  bucket: string,
  targets: Target[],
  bypass: boolean,
): Promise<Failure[]> {
  if (targets.length === 0) return [];
  const objects = targets
    .map(
      (t) =>
        `<Object><Key>${xmlEscape(t.key)}</Key>${t.versionId === undefined ? '' : `<VersionId>${xmlEscape(t.versionId)}</VersionId>`}</Object>`,
    )
    .join('');
  const body = Buffer.from(`<Delete><Quiet>true</Quiet>${objects}</Delete>`, 'utf8');
  const headers: Record<string, string> = { 'Content-MD5': createHash('md5').update(body).digest('base64') };
  if (bypass) headers['x-amz-bypass-governance-retention'] = 'true';
  const doc = await s3XmlRequest(s3, { method: 'POST', bucketName: bucket, query: 'delete', headers }, body);
  const result = (doc.DeleteResult ?? {}) as Record<string, unknown>;
  return xmlList(result.Error).map((e) => {
    const versionId = xmlText(e.VersionId);
    return {
      key: xmlText(e.Key),
      ...(versionId === '' ? {} : { versionId }),
      code: xmlText(e.Code),
      message: xmlText(e.Message),
    };
  });
}

/** Collects targets into DeleteObjects batches and the failures of every batch. */
class BatchDeleter {
  private pending: Target[] = [];
  readonly failures: Failure[] = [];
  deleted = 0;
  failedCount = 0;

  constructor(
    private readonly s3: Minio.Client,
    private readonly bucket: string,
    private readonly bypass: boolean,
  ) {}

  async add(t: Target): Promise<void> {
    this.pending.push(t);
    if (this.pending.length >= BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const failed = await deleteBatch(this.s3, this.bucket, batch, this.bypass);
    this.deleted += batch.length - failed.length;
    // Keep a bounded sample: the error names a few, the count says how many.
    for (const f of failed) if (this.failures.length < 1000) this.failures.push(f);
    this.failedCount += failed.length;
  }
}

/**
 * Deletes what the requests name, all through DeleteObjects batches. Deleting goes on past failures
 * (what can be deleted is); afterwards any failure is reported: locked versions (AccessDenied) as 403.
 */
export async function deleteObjects(
  s3: Minio.Client,
  bucket: string,
  requests: DeleteRequest[],
  bypass: boolean,
): Promise<void> {
  const deleter = new BatchDeleter(s3, bucket, bypass);
  for (const r of requests) {
    if (r.versionId !== undefined && r.versionId !== '') {
      await deleter.add({ key: r.path, versionId: r.versionId });
      continue;
    }
    if (r.recursive === true) {
      // A folder is everything under "path/"; a path without the slash names the object and its folder.
      const folder = r.path.endsWith('/') ? r.path : `${r.path}/`;
      if (!r.path.endsWith('/')) await expandKey(s3, bucket, r.path, r.allVersions === true, deleter);
      if (r.allVersions === true) await expandVersions(s3, bucket, folder, undefined, deleter);
      else await expandKeys(s3, bucket, folder, deleter);
      continue;
    }
    await expandKey(s3, bucket, r.path, r.allVersions === true, deleter);
  }
  await deleter.flush();
  if (deleter.failedCount > 0) throw failureError(deleter.failures, deleter.failedCount);
}

/** One key: its latest version (a delete marker in a versioned bucket), or every version of it. */
async function expandKey(
  s3: Minio.Client,
  bucket: string,
  key: string,
  allVersions: boolean,
  deleter: BatchDeleter,
): Promise<void> {
  if (allVersions) await expandVersions(s3, bucket, key, key, deleter);
  else await deleter.add({ key });
}

/** Every key under a prefix (S3 API: ListObjectsV2; the token is the last key, so deleting as we go is safe). */
async function expandKeys(
  s3: Minio.Client,
  bucket: string,
  prefix: string,
  deleter: BatchDeleter,
): Promise<void> {
  let token: string | undefined;
  for (;;) {
    const page = await listObjectsPage(s3, bucket, {
      prefix,
      delimiter: '',
      maxKeys: 1000,
      ...(token === undefined ? {} : { continuationToken: token }),
    });
    for (const o of page.objects) await deleter.add({ key: o.key });
    token = page.nextContinuationToken;
    if (!page.isTruncated || token === undefined) return;
  }
}

/**
 * Every version under a prefix (or of one key when `onlyKey` is set). The next page is asked for after
 * the last listed version, so that version is deleted only after the next listing: the store resumes
 * from a version marker only while that version still exists.
 */
async function expandVersions(
  s3: Minio.Client,
  bucket: string,
  prefix: string,
  onlyKey: string | undefined,
  deleter: BatchDeleter,
): Promise<void> {
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  let held: ListedVersion | undefined;
  for (;;) {
    const page = await listVersionsPage(s3, bucket, {
      prefix,
      delimiter: '',
      maxKeys: 1000,
      ...(keyMarker === undefined ? {} : { keyMarker }),
      ...(versionIdMarker === undefined ? {} : { versionIdMarker }),
    });
    if (held !== undefined) await deleter.add({ key: held.key, versionId: held.versionId });
    held = undefined;
    const versions = onlyKey === undefined ? page.versions : page.versions.filter((v) => v.key === onlyKey);
    keyMarker = page.nextKeyMarker;
    versionIdMarker = page.nextVersionIdMarker;
    const more = page.isTruncated && keyMarker !== undefined;
    for (const v of versions) {
      if (more && v.key === keyMarker && v.versionId === versionIdMarker) held = v;
      else await deleter.add({ key: v.key, versionId: v.versionId });
    }
    if (!more) break;
    // A single key's listing is over once the store has moved past that key.
    if (onlyKey !== undefined && keyMarker !== onlyKey) break;
  }
  if (held !== undefined) await deleter.add({ key: held.key, versionId: held.versionId });
}

/** The error for failed deletes; locked versions (AccessDenied) get a message that says so. */
function failureError(failures: Failure[], count: number): ApiHttpError {
  const first = failures[0];
  const sample = failures
    .slice(0, 5)
    .map((f) => `${f.key}${f.versionId ? ` (version ${f.versionId})` : ''}: ${f.message || f.code}`)
    .join('; ');
  const detail = `${count} object${count === 1 ? '' : 's'} could not be deleted. ${sample}${count > 5 ? '; …' : ''}`;
  if (failures.every((f) => f.code === 'AccessDenied')) {
    return new ApiHttpError(403, lockedMessage(count), detail);
  }
  const mapped = storeErrorToApiError(
    Object.assign(new Error(detail), { code: first?.code || 'InternalError' }),
  );
  return mapped ?? new ApiHttpError(502, 'The storage server reported an error', detail);
}

function lockedMessage(count: number): string {
  return count === 1
    ? 'The object could not be deleted: it is locked (retention or legal hold) or you may not delete it'
    : 'Some objects could not be deleted: they are locked (retention or legal hold) or you may not delete them';
}
