// SPDX-License-Identifier: Apache-2.0
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { S3Error } from '../core/errors.js';

/** Namespace of every S3 response document. */
export const S3_XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const SPECIAL = /[&<>"']/g;
const HAS_SPECIAL = /[&<>"']/;

/** Text or an attribute value with the five XML entities escaped. */
export function xmlEscape(text: string): string {
  // Most text (keys, ETags, dates) holds none of them: no replace, no new string.
  return HAS_SPECIAL.test(text) ? text.replace(SPECIAL, (c) => ENTITIES[c] as string) : text;
}

/** A leaf's text: strings escaped; numbers and booleans need no escaping. */
function leafText(value: unknown): string {
  return typeof value === 'string' ? xmlEscape(value) : typeof value === 'object' ? '' : String(value);
}

/**
 * Elements rendered already (e.g. a listing's `<Contents>` entries, written in one string: a page of
 * 1,000 keys without an object per key): xmlDocument writes the text as it is where the member stands,
 * whatever the member's name.
 */
export class XmlElements {
  readonly xml: string;
  constructor(xml: string) {
    this.xml = xml;
  }
}

/**
 * One element `<name …>…</name>` from a value: `undefined` is left out, `null` is an empty element,
 * an array repeats the element, an object's `@_` members are attributes, its `#text` member is text and
 * its other members are child elements in order; XmlElements are written as they are; anything else is
 * escaped text.
 */
function element(name: string, value: unknown, out: string[]): void {
  if (value === undefined) return;
  if (value instanceof XmlElements) {
    out.push(value.xml);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) element(name, item, out);
    return;
  }
  if (value === null) {
    out.push(`<${name}/>`);
    return;
  }
  if (typeof value !== 'object') {
    out.push(`<${name}>${leafText(value)}</${name}>`);
    return;
  }
  const obj = value as Record<string, unknown>;
  // Attributes and text first (wherever they sit among the members), then the children in order.
  let open = `<${name}`;
  let text = '';
  let children = false;
  for (const key in obj) {
    const v = obj[key];
    if (v === undefined) continue;
    if (key.startsWith('@_')) open += ` ${key.slice(2)}="${xmlEscape(String(v))}"`;
    else if (key === '#text') text = xmlEscape(String(v));
    else children = true;
  }
  out.push(`${open}>${text}`);
  if (children) {
    for (const key in obj) {
      if (key !== '#text' && !key.startsWith('@_')) element(key, obj[key], out);
    }
  }
  out.push(`</${name}>`);
}

/**
 * Renders `<root xmlns=…>content</root>` with the XML declaration. Arrays become repeated elements,
 * `undefined` members are left out, text is escaped. Written here rather than with fast-xml-parser's
 * builder, which the rest of this module uses for parsing: a ListObjects page of 1,000 keys took
 * 13–24 ms in the builder (as long as reading the page from the catalogs) and ~1 ms here.
 */
export function xmlDocument(
  root: string,
  content: Record<string, unknown>,
  xmlns: string | null = S3_XMLNS,
): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  element(root, xmlns ? { '@_xmlns': xmlns, ...content } : content, out);
  return out.join('');
}

/** One element (or none, or repeated) as xmlDocument writes it, without the XML declaration. */
export function xmlElement(name: string, value: unknown): string {
  const out: string[] = [];
  element(name, value, out);
  return out.join('');
}

/** An XML element as the parser returns it: text, a nested object, or an array of those. */
export type XmlNode = string | { [name: string]: XmlNode | XmlNode[] | undefined };

/**
 * Parses a request document. Structural problems, DTDs (entity expansion) and a missing root all
 * answer MalformedXML, like S3. `arrays` names elements that may repeat, so they always come back as
 * arrays. Text is kept verbatim (object keys may start or end with spaces).
 */
export function parseXml(
  body: Buffer | string,
  root: string,
  arrays: readonly string[] = [],
): Record<string, XmlNode | XmlNode[]> {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (text.trim() === '' || /<!DOCTYPE|<!ENTITY/i.test(text) || XMLValidator.validate(text) !== true) {
    throw new S3Error('MalformedXML');
  }
  const parser = new XMLParser({
    ignoreAttributes: true,
    removeNSPrefix: true,
    parseTagValue: false,
    trimValues: false,
    htmlEntities: true,
    isArray: (name) => arrays.includes(name),
  });
  const doc = parser.parse(text) as Record<string, unknown>;
  const top = doc[root];
  if (top === undefined)
    throw new S3Error('MalformedXML', `The XML document must have the root element <${root}>.`);
  if (top === '' || typeof top === 'string') return {};
  return top as Record<string, XmlNode | XmlNode[]>;
}

/** Text content of a leaf element (trimmed when `trim`), undefined when absent. */
export function xmlText(node: XmlNode | XmlNode[] | undefined, trim = true): string | undefined {
  if (node === undefined) return undefined;
  if (Array.isArray(node)) throw new S3Error('MalformedXML');
  if (typeof node === 'string') return trim ? node.trim() : node;
  const t = node['#text'];
  if (typeof t === 'string' && Object.keys(node).length === 1) return trim ? t.trim() : t;
  if (Object.keys(node).every((k) => k === '#text')) return '';
  throw new S3Error('MalformedXML');
}

/** A nested element as an object ({} for an empty element). */
export function xmlChild(
  node: XmlNode | XmlNode[] | undefined,
): Record<string, XmlNode | XmlNode[]> | undefined {
  if (node === undefined) return undefined;
  if (Array.isArray(node)) throw new S3Error('MalformedXML');
  if (typeof node === 'string') {
    if (node.trim() !== '') throw new S3Error('MalformedXML');
    return {};
  }
  return node as Record<string, XmlNode | XmlNode[]>;
}

/** A repeated element as an array of objects. */
export function xmlList(node: XmlNode | XmlNode[] | undefined): Record<string, XmlNode | XmlNode[]>[] {
  if (node === undefined) return [];
  const items = Array.isArray(node) ? node : [node];
  return items.map((n) => xmlChild(n) ?? {});
}

/** The last second formatted by xmlDate (`YYYY-MM-DDTHH:MM:SS`) and its ms value. */
let lastSecond = Number.NaN;
let lastPrefix = '';
/** The largest ms value with a four-digit year (9999-12-31T23:59:59.999Z). */
const MAX_4_DIGIT_YEAR = 253_402_300_799_999;

/**
 * ISO 8601 with milliseconds, as S3 writes dates in XML. A listing formats many times of the same
 * second (objects written together): the second's text is kept and only the milliseconds are added.
 */
export function xmlDate(d: Date): string {
  const ms = d.getTime();
  if (!(ms >= 0 && ms <= MAX_4_DIGIT_YEAR)) return d.toISOString();
  const frac = ms % 1000;
  const second = ms - frac;
  if (second !== lastSecond) {
    lastPrefix = new Date(second).toISOString().slice(0, 19);
    lastSecond = second;
  }
  return `${lastPrefix}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}Z`;
}
