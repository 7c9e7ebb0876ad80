// SPDX-License-Identifier: Apache-2.0
import type { HandlerResponse } from '../core/request.js';
import { xmlDocument } from './xml.js';

/** The owner shown in listings: the store has one account, like MinIO. */
export const OWNER = {
  ID: '02d6176db174dc93cb1b899f7c6078f08654445fe8cf1b6ce98d8855f66bdbf4',
  DisplayName: 'stowage',
} as const;

/** A 200 (or `status`) response carrying an S3 XML document. */
export function xmlResponse(
  root: string,
  content: Record<string, unknown>,
  opts: { status?: number; headers?: Record<string, string> } = {},
): HandlerResponse {
  return {
    status: opts.status ?? 200,
    headers: { 'content-type': 'application/xml', ...opts.headers },
    body: xmlDocument(root, content),
  };
}

/** ETags are quoted on the wire. */
export function quoteEtag(etag: string): string {
  return etag.startsWith('"') ? etag : `"${etag}"`;
}

/** Strips quotes (and a weak prefix) from a client-supplied ETag. */
export function unquoteEtag(etag: string): string {
  let e = etag.trim();
  if (e.startsWith('W/')) e = e.slice(2);
  if (e.startsWith('"') && e.endsWith('"') && e.length >= 2) e = e.slice(1, -1);
  return e;
}

/** RFC 7231 date for headers (Last-Modified, Expires). */
export function httpDate(d: Date): string {
  return d.toUTCString();
}

/** Encodes a listing value when `encoding-type=url` was asked for (keys, prefixes, markers). */
export function encodeListValue(value: string, urlEncode: boolean): string {
  if (!urlEncode) return value;
  // As AWS (and Ceph's suite): percent-encoding keeping '/', space as %20, '+' as %2B, control
  // characters and non-ASCII as their UTF-8 bytes.
  return encodeURIComponent(value)
    .replace(/%2F/g, '/')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
