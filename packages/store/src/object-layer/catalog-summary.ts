// SPDX-License-Identifier: Apache-2.0
/**
 * A catalog row's summary: what a plain listing (ListObjects, not ListObjectVersions) reports of the
 * key's latest version, kept next to the JSON document in the same row so that a listing reads it
 * without parsing the document. One text column (with its own CRC-32 beside it, see ./catalog.ts):
 *
 *   state \t size \t mtime \t class \t owner id \t owner name \t etag
 *
 * state is `L` (a live latest version), `D` (the latest is a delete marker) or `E` (no versions); the
 * class is empty for STANDARD (else the storage class, or a transitioned version's tier name); the
 * owner fields are empty when the version records no ACL owner. The ETag comes last, so it may hold
 * any character; a row whose other fields hold a tab or a newline gets no summary (null: its listing
 * parses the document, as it does for a row written before summaries existed).
 *
 * Written from the document being committed (./meta.ts encodeRow), or derived from the JSON where a
 * row comes without one (journal replay, the legacy import, the catalog's migration).
 */

/**
 * What a scan of a catalog (./catalog.ts `scan`) reads of each row, besides its key and generation:
 * - `docs`: the JSON document and its CRC-32 (reads, ListObjectVersions);
 * - `summaries`: the summary and its CRC-32, the document only where the row has none (written before
 *   summaries, or not summarizable) — a plain ListObjects page;
 * - `usage`: the same, and the document also where the key may hold more than one version (the summary
 *   tells only the latest's size): the usage scanner's walk, which needs every version's size;
 * - `gens`: nothing more. A merged scan reads the other modes on its first drive only and `gens` on
 *   the others: their generations settle the quorum, the first drive's row tells the rest
 *   (./catalog-scan.ts MergedScan).
 */
export type ScanMode = 'docs' | 'summaries' | 'usage' | 'gens';

/**
 * Whether a row's document may hold more than one version: SQLite's JSON parser in C, no string handed
 * to JS (~2 µs a row: the scan's largest cost, hence on one drive only); a document that is not JSON
 * counts as "may" (the caller then checks its CRC-32 and falls back to the quorum read), since
 * json_array_length would fail the whole statement on it.
 */
const MAY_HOLD_SEVERAL = "NOT json_valid(doc) OR json_array_length(doc, '$.versions') > 1";

/**
 * The key as text: SQLite hands its UTF-8 bytes over as they are and node:sqlite makes a JS string of
 * them, where a BLOB would cost an ArrayBuffer per row (a scan of 1M rows: ~0.7 µs a row less). Every
 * key was written as the UTF-8 of a JS string (`Buffer.from`), so the text is that string again and
 * `Buffer.from(text)` its bytes. Unnamed: `ORDER BY key` must name the column, not this text.
 */
const KEY_TEXT = 'CAST(key AS TEXT)';

/**
 * The columns of each scan mode (./catalog.ts ScanRow): key, gen, then doc, sum, summary, ssum; a
 * `gens` row ends after gen.
 */
export const SCAN_COLUMNS: Record<ScanMode, string> = {
  docs: `${KEY_TEXT}, gen, doc, sum, NULL, NULL`,
  summaries: `${KEY_TEXT}, gen, iif(summary IS NULL, doc, NULL), iif(summary IS NULL, sum, NULL), summary, ssum`,
  usage: `${KEY_TEXT}, gen, iif(summary IS NULL OR ${MAY_HOLD_SEVERAL}, doc, NULL), sum, summary, ssum`,
  gens: `${KEY_TEXT}, gen`,
};

/** An owner as ./meta.ts records it (kept structural here: meta.ts imports this module). */
interface Owner {
  id: string;
  name: string;
}

/** A summary's owner: a class, as every object a listing page keeps per key (./versions.ts ListedObject). */
class SummaryOwner implements Owner {
  id: string;
  name: string;

  constructor(id: string, name: string) {
    this.id = id;
    this.name = name;
  }
}

/** The fields of a version record (./meta.ts VersionRecord) a summary is made of. */
interface SummarySource {
  deleteMarker: boolean;
  size: number;
  etag: string;
  mtime: number;
  sys: Record<string, string>;
  storageClass?: string;
  acl?: { owner: Owner };
}

/** The latest version of a key as a plain listing reports it; null when the key has no versions. */
export interface LatestSummary {
  deleteMarker: boolean;
  size: number;
  etag: string;
  /** ms since epoch. */
  mtime: number;
  /** The class a listing shows: a transitioned version's tier name, else its storage class. */
  storageClass: string;
  /** The owner the version records (ACLs), if any. */
  owner: Owner | null;
}

const UNSAFE = /[\t\n]/;

/** The class a listing shows for a version: a transitioned version's tier name, else its storage class. */
export function listedClass(sys: Record<string, string>, storageClass: string | undefined): string {
  return sys['x-amz-storage-class'] ?? storageClass ?? 'STANDARD';
}

/** A key whose latest version is a delete marker (not listed). */
const DELETED: LatestSummary = {
  deleteMarker: true,
  size: 0,
  etag: '',
  mtime: 0,
  storageClass: 'STANDARD',
  owner: null,
};

/** What a plain listing reports of a key's versions (latest first), straight from the records. */
export function latestOf(versions: readonly SummarySource[] | undefined): LatestSummary | null {
  const v = versions?.[0];
  if (!v) return null;
  if (v.deleteMarker) return DELETED;
  return {
    deleteMarker: false,
    size: v.size,
    mtime: v.mtime,
    storageClass: listedClass(v.sys, v.storageClass),
    owner: v.acl ? { id: v.acl.owner.id, name: v.acl.owner.name } : null,
    etag: v.etag,
  };
}

/** The summary text of a key's versions (latest first); null when a field cannot be written. */
export function summaryText(versions: readonly SummarySource[] | undefined): string | null {
  const v = versions?.[0];
  if (!v) return 'E\t\t\t\t\t\t';
  if (v.deleteMarker) return 'D\t\t\t\t\t\t';
  const cls = listedClass(v.sys, v.storageClass);
  const owner = v.acl?.owner;
  const fields = [cls === 'STANDARD' ? '' : cls, owner?.id ?? '', owner?.name ?? ''];
  // An owner without an id would read back as none.
  if (owner?.id === '' || fields.some((f) => UNSAFE.test(f)) || typeof v.etag !== 'string') return null;
  return `L\t${v.size}\t${v.mtime}\t${fields.join('\t')}\t${v.etag}`;
}

/** The summary of a row's JSON document (null when the JSON is not a document). */
export function summaryOfDoc(doc: string): string | null {
  try {
    const versions = (JSON.parse(doc) as { versions?: unknown }).versions;
    return Array.isArray(versions) || versions === undefined
      ? summaryText(versions as SummarySource[] | undefined)
      : null;
  } catch {
    return null;
  }
}

/** The latest version's delete marker flag and size from a summary text; null for a key with no versions. */
export function summarySize(text: string): { deleteMarker: boolean; size: number } | null {
  const state = text.charCodeAt(0);
  if (state === 69 /* E */) return null;
  if (state === 68 /* D */) return DELETED;
  return { deleteMarker: false, size: Number(text.slice(2, text.indexOf('\t', 2))) };
}

/** Read a summary text (see summaryText); null for a key with no versions. */
export function parseSummary(text: string): LatestSummary | null {
  const state = text.charCodeAt(0);
  if (state === 69 /* E */) return null;
  if (state === 68 /* D */) return DELETED;
  // L: six tabs split the fields; the ETag is the rest.
  const t1 = text.indexOf('\t', 2);
  const t2 = text.indexOf('\t', t1 + 1);
  const t3 = text.indexOf('\t', t2 + 1);
  const t4 = text.indexOf('\t', t3 + 1);
  const t5 = text.indexOf('\t', t4 + 1);
  const cls = text.slice(t2 + 1, t3);
  const ownerId = text.slice(t3 + 1, t4);
  return {
    deleteMarker: false,
    size: Number(text.slice(2, t1)),
    mtime: Number(text.slice(t1 + 1, t2)),
    storageClass: cls === '' ? 'STANDARD' : cls,
    owner: ownerId === '' ? null : new SummaryOwner(ownerId, text.slice(t4 + 1, t5)),
    etag: text.slice(t5 + 1),
  };
}
