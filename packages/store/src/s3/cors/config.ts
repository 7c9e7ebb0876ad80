// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { parseXml, xmlList, xmlText } from '../xml.js';

/**
 * A bucket's CORS configuration (S3 API: PutBucketCors): up to 100 rules, each with origins (one `*`
 * wildcard at most), methods (GET, PUT, POST, DELETE, HEAD), allowed request headers (wildcards),
 * exposed headers and a max age. Stored as JSON in the bucket's `cors` document.
 */
export interface CorsRule {
  id?: string;
  origins: string[];
  methods: string[];
  allowedHeaders: string[];
  exposeHeaders: string[];
  maxAgeSeconds?: number;
}

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'];
const MAX_RULES = 100;

function texts(node: Parameters<typeof xmlText>[0] | Parameters<typeof xmlText>[0][]): string[] {
  if (node === undefined) return [];
  const list = Array.isArray(node) ? node : [node];
  return list.map((n) => xmlText(n) ?? '');
}

/** Parses and validates a CORSConfiguration document (MalformedXML / InvalidRequest, as S3 answers). */
export function parseCorsXml(body: Buffer): CorsRule[] {
  const doc = parseXml(body, 'CORSConfiguration', [
    'CORSRule',
    'AllowedOrigin',
    'AllowedMethod',
    'AllowedHeader',
    'ExposeHeader',
  ]);
  const rules = xmlList(doc.CORSRule);
  if (rules.length === 0) throw new S3Error('MalformedXML');
  if (rules.length > MAX_RULES) {
    throw new S3Error(
      'MalformedXML',
      `The number of CORS rules should not exceed allowed limit of ${MAX_RULES} rules.`,
    );
  }
  return rules.map((r) => {
    const origins = texts(r.AllowedOrigin);
    const methods = texts(r.AllowedMethod);
    if (origins.length === 0 || methods.length === 0) throw new S3Error('MalformedXML');
    for (const m of methods) {
      if (!METHODS.includes(m)) {
        throw new S3Error(
          'InvalidRequest',
          `Found unsupported HTTP method in CORS config. Unsupported method is ${m}`,
        );
      }
    }
    for (const o of origins) {
      if (o.split('*').length > 2) {
        throw new S3Error('InvalidRequest', `AllowedOrigin "${o}" can not have more than one wildcard.`);
      }
    }
    const allowedHeaders = texts(r.AllowedHeader);
    for (const h of allowedHeaders) {
      if (h.split('*').length > 2) {
        throw new S3Error('InvalidRequest', `AllowedHeader "${h}" can not have more than one wildcard.`);
      }
    }
    const maxAge = xmlText(r.MaxAgeSeconds as Parameters<typeof xmlText>[0]);
    if (maxAge !== undefined && !/^\d+$/.test(maxAge)) throw new S3Error('MalformedXML');
    const id = xmlText(r.ID as Parameters<typeof xmlText>[0]);
    if (id !== undefined && id.length > 255) {
      throw new S3Error('InvalidArgument', 'The ID of a CORS rule can be at most 255 characters.');
    }
    return {
      ...(id !== undefined ? { id } : {}),
      origins,
      methods,
      allowedHeaders,
      exposeHeaders: texts(r.ExposeHeader),
      ...(maxAge !== undefined ? { maxAgeSeconds: Number(maxAge) } : {}),
    };
  });
}

/** The rules as GetBucketCors returns them. */
export function corsXml(rules: CorsRule[]): Record<string, unknown> {
  return {
    CORSRule: rules.map((r) => ({
      ...(r.id !== undefined ? { ID: r.id } : {}),
      AllowedHeader: r.allowedHeaders,
      AllowedMethod: r.methods,
      AllowedOrigin: r.origins,
      ExposeHeader: r.exposeHeaders,
      ...(r.maxAgeSeconds !== undefined ? { MaxAgeSeconds: r.maxAgeSeconds } : {}),
    })),
  };
}
