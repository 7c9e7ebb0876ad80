// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { S3Error } from '../../core/errors.js';
import { unsealer } from '../sse/seal.js';
import type { S3Handler } from '../types.js';

/** BitTorrent's piece size as S3 serves it (256 KiB). */
const PIECE = 256 * 1024;

/** A bencoded value (BEP 3): integers, byte strings, lists and dictionaries with sorted keys. */
type Bencodable = number | string | Buffer | Bencodable[] | { [k: string]: Bencodable };

function bencode(v: Bencodable): Buffer {
  if (typeof v === 'number') return Buffer.from(`i${Math.trunc(v)}e`);
  if (typeof v === 'string' || Buffer.isBuffer(v)) {
    const b = typeof v === 'string' ? Buffer.from(v, 'utf8') : v;
    return Buffer.concat([Buffer.from(`${b.length}:`), b]);
  }
  if (Array.isArray(v)) return Buffer.concat([Buffer.from('l'), ...v.map(bencode), Buffer.from('e')]);
  const keys = Object.keys(v).sort();
  return Buffer.concat([
    Buffer.from('d'),
    ...keys.flatMap((k) => [bencode(k), bencode(v[k] as Bencodable)]),
    Buffer.from('e'),
  ]);
}

/** SHA-1 of each 256 KiB piece of a stream, concatenated. */
async function pieceHashes(stream: Readable): Promise<Buffer> {
  const hashes: Buffer[] = [];
  let piece = createHash('sha1');
  let filled = 0;
  for await (const chunk of stream) {
    let b = chunk as Buffer;
    while (b.length > 0) {
      const take = Math.min(PIECE - filled, b.length);
      piece.update(b.subarray(0, take));
      filled += take;
      b = b.subarray(take);
      if (filled === PIECE) {
        hashes.push(piece.digest());
        piece = createHash('sha1');
        filled = 0;
      }
    }
  }
  if (filled > 0) hashes.push(piece.digest());
  return Buffer.concat(hashes);
}

/**
 * S3 API: GetObjectTorrent (`GET /bucket/key?torrent`): a single-file `.torrent` (name, length,
 * 256 KiB pieces with their SHA-1s) for the key's current version; like AWS, not for objects over
 * 5 GB or encrypted with a customer key. There is no tracker, so the torrent has no announce URL.
 */
export const getObjectTorrent: S3Handler = async (req, ctx) => {
  if (req.headers['x-amz-server-side-encryption-customer-algorithm'] !== undefined)
    throw new S3Error(
      'InvalidRequest',
      'Torrents are not available for objects encrypted with a customer key.',
    );
  const r = await ctx.layer.getObject(req.bucket, req.key, {
    unseal: unsealer(ctx, req.bucket, req.key, null),
  });
  if (r.info.isDeleteMarker) {
    r.stream.destroy();
    throw new S3Error('NoSuchKey', undefined, { Key: req.key });
  }
  if (r.info.size > 5 * 1024 ** 3) {
    r.stream.destroy();
    throw new S3Error('InvalidRequest', 'Torrents are available for objects up to 5 GB.');
  }
  const pieces = await pieceHashes(r.stream);
  const name = req.key.split('/').pop() || req.key;
  const body = bencode({ info: { length: r.info.size, name, 'piece length': PIECE, pieces } });
  return {
    status: 200,
    headers: {
      'content-type': 'application/x-bittorrent',
      'content-disposition': `attachment; filename="${encodeURIComponent(name)}.torrent"`,
    },
    body,
  };
};
