import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { S3Error } from '../core/errors.js';

/** Namespace of every S3 response document. */
export const S3_XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: false,
  suppressEmptyNode: false,
});

/**
 * Renders `<root xmlns=…>content</root>` with the XML declaration. Arrays become repeated elements,
 * `undefined` members are left out, text is escaped by the builder.
 */
export function xmlDocument(
  root: string,
  content: Record<string, unknown>,
  xmlns: string | null = S3_XMLNS,
): string {
  const node = xmlns ? { '@_xmlns': xmlns, ...content } : content;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [root]: node })}`;
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

/** ISO 8601 with milliseconds, as S3 writes dates in XML. */
export function xmlDate(d: Date): string {
  return d.toISOString();
}
