// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sioEncryptStream } from '@stowage/madmin';
import { ZipFile } from 'yazl';
import { S3Error } from '../../core/errors.js';
import { matchingKeys, rawFiles } from '../../inspect/raw-files.js';
import { serverEndpoint } from '../backend-info.js';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: InspectData — `GET /inspect-data?volume=<bucket>&file=<key pattern>` (madmin-go Inspect;
 * MinIO's InspectDataHandler, its legacy format 1): the raw files of every matching object on every
 * drive (`inspect/raw-files.ts`) as a zip, sealed in sio-go's AES-256-GCM stream format (zero nonce)
 * under a key made for this answer: the body is the byte 1, the 32-byte key, then the sealed zip. The
 * key is in no log and kept nowhere. A pattern that matches nothing is NoSuchKey before anything is
 * sent. MinIO's format 2 (sealed for a public key, `POST` with `public-key`) is not offered.
 */
export const inspectData: AdminOperation = async (call) => {
  const form = call.req.method === 'POST' ? new URLSearchParams(call.req.body.toString('utf8')) : call.query;
  const volume = form.get('volume') ?? call.query.get('volume') ?? '';
  const file = form.get('file') ?? call.query.get('file') ?? '';
  if (volume === '') throw new S3Error('InvalidBucketName', 'volume (the bucket) is required');
  if (file === '') throw new S3Error('InvalidRequest', 'file (the object path) is required');
  if (form.get('public-key')) {
    throw new S3Error('NotImplemented', 'Inspect data sealed for a public key (format 2) is not supported');
  }
  if (file.split('/').some((s) => s === '..') || volume.includes('/') || volume.startsWith('.')) {
    throw new S3Error('InvalidRequest', 'the path must not leave its bucket');
  }
  const ctx = call.ctx;
  await ctx.layer.getBucketInfo(volume);
  const host = serverEndpoint(ctx);
  const drives = (await ctx.layer.storageInfo()).drives.map((d) => ({
    path: d.path,
    label: `${host}/${d.path.replace(/^\/+/, '')}`,
  }));
  const keys = matchingKeys(
    drives.map((d) => d.path),
    volume,
    file,
  );
  if (keys.length === 0) throw new S3Error('NoSuchKey', 'GetRawData: No files matched the given pattern');

  const key = randomBytes(32);
  const zip = new ZipFile();
  const out = new PassThrough();
  out.write(Buffer.from([1]));
  out.write(key);
  const sealed = sioEncryptStream(key);
  void pipeline(zip.outputStream, sealed, out).catch(() => out.destroy());
  void (async () => {
    try {
      const input = [
        `Inspect path: ${volume}/${file}`,
        `Objects: ${keys.length}`,
        `Drives: ${drives.map((d) => d.path).join(' ')}`,
        '',
      ].join('\n');
      zip.addBuffer(Buffer.from(input), 'inspect-input.txt', { mode: 0o100600 });
      for (const k of keys) {
        for await (const f of rawFiles(drives, volume, k)) {
          if (out.destroyed) return;
          if (Buffer.isBuffer(f.data)) zip.addBuffer(f.data, f.name, { mtime: f.mtime, mode: 0o100600 });
          else zip.addReadStream(createReadStream(f.data.file), f.name, { mtime: f.mtime, mode: 0o100600 });
        }
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      zip.addBuffer(Buffer.from(message), 'GetRawData-err.txt', { mode: 0o100600 });
    } finally {
      zip.end();
    }
  })();
  return {
    status: 200,
    headers: { 'content-type': 'application/octet-stream' },
    body: out,
  };
};
