// SPDX-License-Identifier: Apache-2.0
import { crc32 } from 'node:zlib';
import { summaryText } from './catalog-summary.js';

/**
 * An object's metadata, one copy per drive, holding every version of the key: a row of the drive's
 * catalog (./catalog.ts) — `gen`, the JSON document, and this drive's inline shard blobs concatenated.
 * The JSON is the same on every drive except for `inline`, which lists this drive's own shard of each
 * small version stored inline ([id, length] in blob order). `gen` changes on every write; drives agree
 * when their `gen` matches. Before the catalog, the same was a file per object folder (`meta`:
 * 'SWM1' | xxh64(rest) | json length (4) | json | inline shard blobs), still read to import a data
 * folder written by an older build (./legacy-import.ts).
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

/** The CRC-32s a catalog row (./catalog.ts) stores with its document and its listing summary. */
export interface RowSums {
  doc: number;
  summary: number | null;
}

export function rowSums(doc: string, summary: string | null): RowSums {
  return { doc: crc32(doc), summary: summary === null ? null : crc32(summary) };
}

/** One drive's copy of an object's metadata as its catalog row holds it. */
export interface MetaRow {
  gen: string;
  /** The document's JSON with this drive's inline index. */
  doc: string;
  /** This drive's inline blobs, concatenated in index order; null when there are none. */
  inline: Buffer | null;
  /**
   * The row's listing summary (./catalog-summary.ts), when the writer made it; absent (journal
   * replay, legacy import) the catalog derives it from `doc`. Not part of the journal record.
   */
  summary?: string | null;
  /**
   * The CRC-32s of `doc` and `summary` (`rowSums`), made with them: once per write, not
   * once per drive. Absent, the catalog computes them. Not part of the journal record.
   */
  sums?: RowSums;
}

/**
 * The JSON of the last row encoded (`encodeRow`'s `shared`): a write encodes the same document for
 * every drive, and the JSON differs between drives only if their inline indexes do (they rarely do).
 */
export interface SharedJson {
  index: [string, number][];
  json: string;
  /** The listing summary: the same for every drive (it depends on the versions only). */
  summary: string | null;
  sums: RowSums;
}

function sameIndex(a: [string, number][], b: [string, number][]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as [string, number];
    const y = b[i] as [string, number];
    if (x[0] !== y[0] || x[1] !== y[1]) return false;
  }
  return true;
}

/**
 * The catalog row of a document with this drive's inline blobs. `shared`: the JSON of the same
 * document for another drive, reused when this drive's inline index is the same (and set otherwise).
 */
export function encodeRow(
  doc: MetaDoc,
  inline: Map<string, Buffer>,
  shared?: { last: SharedJson | null },
): MetaRow {
  const blobs: Buffer[] = [];
  const index: [string, number][] = [];
  for (const v of doc.versions) {
    if (!v.inline || !v.dataDir) continue;
    const b = inline.get(v.dataDir);
    if (!b) continue;
    index.push([v.dataDir, b.length]);
    blobs.push(b);
  }
  let json: string;
  let summary: string | null;
  let sums: RowSums;
  if (shared?.last && sameIndex(shared.last.index, index)) {
    ({ json, summary, sums } = shared.last);
  } else {
    json = JSON.stringify({ gen: doc.gen, updated: doc.updated, versions: doc.versions, inline: index });
    summary = shared?.last?.summary ?? summaryText(doc.versions);
    sums = rowSums(json, summary);
    if (shared) shared.last = { index, json, summary, sums };
  }
  const blob = blobs.length === 0 ? null : blobs.length === 1 ? (blobs[0] as Buffer) : Buffer.concat(blobs);
  return { gen: doc.gen, doc: json, inline: blob, summary, sums };
}

/**
 * A parsed row, for reads that parse one copy of the agreed JSON: a later copy with the same JSON
 * reuses the parsed document (read-only) and cuts its own inline blobs.
 */
export interface ParsedRow {
  json: string | null;
  meta: DriveMeta | null;
  index: [string, number][];
}

function cutInline(blob: Uint8Array | null, index: [string, number][]): Map<string, Buffer> {
  const inline = new Map<string, Buffer>();
  let off = 0;
  for (const [id, n] of index) {
    inline.set(id, blob ? Buffer.from(blob.buffer, blob.byteOffset + off, n) : Buffer.alloc(0));
    off += n;
  }
  return inline;
}

/** Decode a catalog row; null when its JSON is damaged or its blobs are short (the copy counts as missing). */
export function decodeRow(json: string, blob: Uint8Array | null, reuse?: ParsedRow): DriveMeta | null {
  if (reuse?.meta && reuse.json === json) {
    if (sumOf(reuse.index) !== (blob?.length ?? 0)) return null;
    return { doc: reuse.meta.doc, inline: cutInline(blob, reuse.index) };
  }
  try {
    const parsed = JSON.parse(json) as MetaDoc & { inline: [string, number][] };
    if (sumOf(parsed.inline) !== (blob?.length ?? 0)) return null;
    const m = {
      doc: { gen: parsed.gen, updated: parsed.updated, versions: parsed.versions },
      inline: cutInline(blob, parsed.inline),
    };
    if (reuse && !reuse.meta) {
      reuse.json = json;
      reuse.meta = m;
      reuse.index = parsed.inline;
    }
    return m;
  } catch {
    return null;
  }
}

function sumOf(index: [string, number][]): number {
  let n = 0;
  for (const [, len] of index) n += len;
  return n;
}

/** A row as a journal record's payload: u8 gen length | gen | u32 doc length | doc | inline blobs. */
export function rowBytes(row: MetaRow): Buffer {
  const out = Buffer.allocUnsafe(rowByteLength(row));
  writeRowBytes(row, out, 0);
  return out;
}

/** The length of a row's payload (see rowBytes). */
export function rowByteLength(row: MetaRow): number {
  return 1 + Buffer.byteLength(row.gen) + 4 + Buffer.byteLength(row.doc) + (row.inline?.length ?? 0);
}

/** Write a row's payload (see rowBytes) into `out` at `at`, which has room for rowByteLength(row). */
export function writeRowBytes(row: MetaRow, out: Buffer, at: number): void {
  const gl = out.write(row.gen, at + 1, 'utf8');
  out[at] = gl;
  const dl = out.write(row.doc, at + 5 + gl, 'utf8');
  out.writeUInt32LE(dl, at + 1 + gl);
  if (row.inline) out.set(row.inline, at + 5 + gl + dl);
}

/** The row of a journal record's payload (see rowBytes). */
export function rowOfBytes(b: Buffer): MetaRow {
  const gl = b[0] as number;
  const dl = b.readUInt32LE(1 + gl);
  const at = 5 + gl + dl;
  return {
    gen: b.toString('utf8', 1, 1 + gl),
    doc: b.toString('utf8', 5 + gl, at),
    inline: at < b.length ? b.subarray(at) : null,
  };
}
