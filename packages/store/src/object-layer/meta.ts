import { BITROT_SIZE, bitrotSum } from './codec/bitrot.js';

/**
 * The per-object metadata file (`meta` inside the object folder), one copy per drive, holding every
 * version of the key. Layout: 'SWM1' | xxh64(rest) | json length (4) | json | inline shard blobs.
 * The JSON is the same on every drive except for `inline`, which lists this drive's own shard of each
 * small version stored inline. `gen` changes on every write; drives agree when their `gen` matches.
 */

export interface ErasureGeometry {
  /** Data shards. */
  k: number;
  /** Parity shards. */
  m: number;
  /** Bytes of object data per block (a multiple of k). */
  blockSize: number;
  /** dist[driveIndex] = shard index stored on that drive. */
  dist: number[];
}

export interface PartRecord {
  number: number;
  size: number;
  etag: string;
  /** The part's additional checksum (base64) in its object's checksum algorithm, when it has one. */
  checksum?: string;
}

/**
 * An object's additional checksum (S3's x-amz-checksum-*): algorithm, base64 value (COMPOSITE values
 * of multipart objects end in `-<parts>`) and how it covers the object.
 */
export interface ChecksumRecord {
  algo: 'CRC32' | 'CRC32C' | 'CRC64NVME' | 'SHA1' | 'SHA256';
  value: string;
  type: 'FULL_OBJECT' | 'COMPOSITE';
}

/**
 * One compressed part: its bytes as erasure-coded (`stored`) and the block index. The part's original
 * bytes are cut into blocks of `CompressionRecord.blockSize` (the last one shorter) and each block is
 * stored on its own: as one zstd frame, or raw when zstd did not make it smaller.
 */
export interface CompressedPart {
  number: number;
  /** Bytes of the stored (compressed) stream: what the shard files encode. */
  stored: number;
  /**
   * The stored length of every block, as little-endian uint32s in base64. A block whose stored length
   * equals its original length is raw; stored offsets are the running sums.
   */
  blocks: string;
}

/** How a version's data is compressed at rest (absent: stored as sent). */
export interface CompressionRecord {
  algo: 'zstd';
  /** Original bytes per block. */
  blockSize: number;
  /** The compressed parts; a part not listed is stored as sent. */
  parts: CompressedPart[];
}

/**
 * How a version's data (or an upload's parts) is encrypted at rest (./encryption.ts): sealed packages
 * under a per-object key, which is kept here only sealed. The object layer carries the record; the S3
 * layer writes and reads it (s3/sse/) and gives the layer the unsealed key.
 */
export interface EncryptionRecord {
  kind: 'SSE-S3' | 'SSE-KMS' | 'SSE-C';
  /** The KMS key that sealed the object key (SSE-S3, SSE-KMS). */
  keyId?: string;
  /** The sealed object key, base64. */
  sealed: string;
  /** SSE-KMS: the client's encryption context, base64 JSON. */
  context?: string;
}

/** S3 storage classes the store keeps (absent in records written before storage classes: STANDARD). */
export type StorageClassName = 'STANDARD' | 'REDUCED_REDUNDANCY';

export interface VersionRecord {
  versionId: string;
  deleteMarker: boolean;
  size: number;
  etag: string;
  /** ms since epoch. */
  mtime: number;
  contentType: string;
  sys: Record<string, string>;
  user: Record<string, string>;
  tags: Record<string, string>;
  retention: { mode: 'GOVERNANCE' | 'COMPLIANCE'; until: number } | null;
  legalHold: boolean;
  /** Multipart objects list their parts; single PUTs are one part numbered 1 with parts = null. */
  parts: PartRecord[] | null;
  /** Folder with the shard files (`part.<n>`), or the inline blob id; null for delete markers. */
  dataDir: string | null;
  inline: boolean;
  /** Per-version geometry: a version keeps the parity it was written with. */
  ec: ErasureGeometry | null;
  /** Absent: STANDARD. */
  storageClass?: StorageClassName;
  /** Absent: the data is stored as sent. */
  compression?: CompressionRecord;
  /** Bucket replication status (PENDING, COMPLETED, FAILED, REPLICA); absent: not replicated. */
  repl?: string;
  /** Absent: the data is not encrypted. */
  encryption?: EncryptionRecord;
  /** The additional checksum the object was written with (absent: none). */
  checksum?: ChecksumRecord;
  /** The version's owner and ACL grants (absent: the bucket owner's, private). */
  acl?: AclRecord;
}

/** A canonical owner: S3's 64-hex ID and a display name. */
export interface OwnerRecord {
  id: string;
  name: string;
}

/** One ACL grant: to a canonical user id or a group URI (AllUsers, AuthenticatedUsers). */
export interface AclGrant {
  grantee: { type: 'CanonicalUser'; id: string } | { type: 'Group'; uri: string };
  permission: 'FULL_CONTROL' | 'READ' | 'WRITE' | 'READ_ACP' | 'WRITE_ACP';
}

/** An object version's (or upload's) owner and ACL, kept by the layer as the S3 layer sets it. */
export interface AclRecord {
  owner: OwnerRecord;
  grants: AclGrant[];
}

export interface MetaDoc {
  gen: string;
  updated: number;
  versions: VersionRecord[];
}

export interface DriveMeta {
  doc: MetaDoc;
  /** This drive's inline shard blob per dataDir id. */
  inline: Map<string, Buffer>;
}

const MAGIC = Buffer.from('SWM1');

export function encodeMeta(doc: MetaDoc, inline: Map<string, Buffer>): Buffer {
  const blobs: Buffer[] = [];
  const index: [string, number][] = [];
  for (const v of doc.versions) {
    if (!v.inline || !v.dataDir) continue;
    const b = inline.get(v.dataDir);
    if (!b) continue;
    index.push([v.dataDir, b.length]);
    blobs.push(b);
  }
  const json = Buffer.from(JSON.stringify({ ...doc, inline: index }));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(json.length);
  const body = Buffer.concat([len, json, ...blobs]);
  return Buffer.concat([MAGIC, bitrotSum(body), body]);
}

/**
 * A parsed copy whose JSON bytes are known: the drives' copies of one generation differ only in their
 * inline blobs, so a copy with the same JSON reuses the parsed document (k copies parse once).
 */
export interface ParsedCopy {
  json: Buffer | null;
  meta: DriveMeta | null;
  /** The copy's inline blob index (id, length), in file order. */
  index: [string, number][];
}

/**
 * null when the file is damaged (bad magic, checksum or JSON): the drive's copy counts as missing.
 * With `reuse`: a copy whose JSON equals `reuse.json` shares `reuse.meta.doc` (read-only); the first
 * copy decoded fills `reuse` (its JSON copied out, `buf` may be a shared buffer).
 */
export function decodeMeta(buf: Buffer, reuse?: ParsedCopy): DriveMeta | null {
  if (buf.length < 4 + BITROT_SIZE + 4 || !buf.subarray(0, 4).equals(MAGIC)) return null;
  const body = buf.subarray(4 + BITROT_SIZE);
  if (!bitrotSum(body).equals(buf.subarray(4, 4 + BITROT_SIZE))) return null;
  const len = body.readUInt32BE(0);
  const json = body.subarray(4, 4 + len);
  if (reuse?.meta && reuse.json?.equals(json)) {
    const inline = new Map<string, Buffer>();
    let off = 4 + len;
    for (const [id, n] of reuse.index) {
      inline.set(id, body.subarray(off, off + n));
      off += n;
    }
    return { doc: reuse.meta.doc, inline };
  }
  try {
    const parsed = JSON.parse(json.toString('utf8')) as MetaDoc & {
      inline: [string, number][];
    };
    const inline = new Map<string, Buffer>();
    let off = 4 + len;
    for (const [id, n] of parsed.inline) {
      inline.set(id, body.subarray(off, off + n));
      off += n;
    }
    const m = { doc: { gen: parsed.gen, updated: parsed.updated, versions: parsed.versions }, inline };
    if (reuse && !reuse.meta) {
      reuse.json = Buffer.from(json);
      reuse.meta = m;
      reuse.index = parsed.inline;
    }
    return m;
  } catch {
    return null;
  }
}
