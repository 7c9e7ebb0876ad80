// SPDX-License-Identifier: Apache-2.0
import {
  type BucketOwnershipControls,
  type BucketPublicAccessBlock,
  type ObjectOwnership,
  objectOwnershipSchema,
  type PublicAccessBlock,
  publicAccessBlockFields,
} from '@stowage/contracts';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/** The S3 documents of a bucket's public access block and Object Ownership (issue 36). */

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, removeNSPrefix: true });
const builder = new XMLBuilder({ ignoreAttributes: false, format: false });
const S3_NS = 'http://s3.amazonaws.com/doc/2006-03-01/';

type Xml = Record<string, unknown>;

/** The S3 element of each switch (BlockPublicAcls, …). */
const elementOf = (field: string): string => field.charAt(0).toUpperCase() + field.slice(1);

/**
 * The switches of a GetPublicAccessBlock answer: S3's `PublicAccessBlockConfiguration`, or Ceph RGW's
 * `BlockPublicAccessBlockConfiguration`. A switch the document leaves out is off.
 */
export function parsePublicAccessBlockXml(xml: string): BucketPublicAccessBlock {
  const doc = parser.parse(xml) as Xml;
  const root = (doc.PublicAccessBlockConfiguration ?? doc.BlockPublicAccessBlockConfiguration ?? {}) as Xml;
  const out = { configured: true } as BucketPublicAccessBlock;
  for (const f of publicAccessBlockFields) out[f] = String(root[elementOf(f)] ?? '').trim() === 'true';
  return out;
}

/** The `PublicAccessBlockConfiguration` document of PutPublicAccessBlock, every switch written. */
export function publicAccessBlockXml(pab: PublicAccessBlock): string {
  const body = Object.fromEntries(publicAccessBlockFields.map((f) => [elementOf(f), String(pab[f])]));
  return builder.build({ PublicAccessBlockConfiguration: { '@_xmlns': S3_NS, ...body } }) as string;
}

/** The rule of a GetBucketOwnershipControls answer; null when it names none this console knows. */
export function parseOwnershipXml(xml: string): BucketOwnershipControls {
  const doc = parser.parse(xml) as Xml;
  const rule = ((doc.OwnershipControls as Xml | undefined)?.Rule ?? {}) as Xml;
  const value = String((Array.isArray(rule) ? rule[0] : rule)?.ObjectOwnership ?? '').trim();
  const known = objectOwnershipSchema.safeParse(value);
  return { configured: true, objectOwnership: known.success ? known.data : null };
}

/** The `OwnershipControls` document of PutBucketOwnershipControls. */
export function ownershipXml(objectOwnership: ObjectOwnership): string {
  return builder.build({
    OwnershipControls: { '@_xmlns': S3_NS, Rule: { ObjectOwnership: objectOwnership } },
  }) as string;
}
