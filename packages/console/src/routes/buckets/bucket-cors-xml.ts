// SPDX-License-Identifier: Apache-2.0
import { type CorsRule, corsMethods } from '@stowage/contracts';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';

const listTags = new Set(['CORSRule', 'AllowedOrigin', 'AllowedMethod', 'AllowedHeader', 'ExposeHeader']);
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => listTags.has(name),
});
const builder = new XMLBuilder({ ignoreAttributes: false, format: false });

type Xml = Record<string, unknown>;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s) => typeof s === 'string') : []);
const methods = new Set<string>(corsMethods);

/** The rules of a `CORSConfiguration` document (S3 API: GetBucketCors). */
export function parseCorsXml(xml: string): CorsRule[] {
  const root = (parser.parse(xml) as Xml).CORSConfiguration as Xml | undefined;
  const rules = Array.isArray(root?.CORSRule) ? (root.CORSRule as Xml[]) : [];
  return rules.map((r) => {
    const maxAge = Number.parseInt(String(r.MaxAgeSeconds ?? ''), 10);
    return {
      id: typeof r.ID === 'string' ? r.ID : '',
      allowedOrigins: strings(r.AllowedOrigin),
      allowedMethods: strings(r.AllowedMethod).filter((m): m is CorsRule['allowedMethods'][number] =>
        methods.has(m),
      ),
      allowedHeaders: strings(r.AllowedHeader),
      exposeHeaders: strings(r.ExposeHeader),
      maxAgeSeconds: Number.isFinite(maxAge) ? maxAge : null,
    };
  });
}

/** The `CORSConfiguration` document of a set of rules (S3 API: PutBucketCors), in S3's element order. */
export function corsXml(rules: readonly CorsRule[]): string {
  const CORSRule = rules.map((r) => ({
    ...(r.id ? { ID: r.id } : {}),
    AllowedHeader: r.allowedHeaders,
    AllowedMethod: r.allowedMethods,
    AllowedOrigin: r.allowedOrigins,
    ExposeHeader: r.exposeHeaders,
    ...(r.maxAgeSeconds === null ? {} : { MaxAgeSeconds: r.maxAgeSeconds }),
  }));
  return builder.build({
    CORSConfiguration: { '@_xmlns': 'http://s3.amazonaws.com/doc/2006-03-01/', CORSRule },
  }) as string;
}
