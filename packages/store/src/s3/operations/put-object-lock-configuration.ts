// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { type DefaultRetention, isRetentionMode } from '../object-lock.js';
import type { S3Handler } from '../types.js';
import { parseXml, xmlChild, xmlText } from '../xml.js';

function positiveInt(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  // S3: a number that is not positive is InvalidRetentionPeriod; something else is not the schema's.
  if (!/^[-+]?\d+$/.test(v)) throw new S3Error('MalformedXML');
  if (Number(v) <= 0) {
    throw new S3Error('InvalidRetentionPeriod', 'Default retention period must be a positive integer value.');
  }
  return Number(v);
}

/**
 * S3 API: PutObjectLockConfiguration. Only buckets created with object lock accept it (as in MinIO);
 * the rule (mode + Days or Years) becomes the default retention of new versions.
 */
export const putObjectLockConfiguration: S3Handler = async (req, ctx) => {
  const doc = parseXml(await req.readBody(64 * 1024), 'ObjectLockConfiguration');
  if (xmlText(doc.ObjectLockEnabled) !== 'Enabled') {
    throw new S3Error('MalformedXML', 'ObjectLockEnabled must be "Enabled".');
  }
  let rule: DefaultRetention | null = null;
  const ruleNode = xmlChild(doc.Rule);
  if (ruleNode) {
    const dr = xmlChild(ruleNode.DefaultRetention);
    if (!dr) throw new S3Error('MalformedXML', 'Rule must contain DefaultRetention.');
    const mode = xmlText(dr.Mode);
    if (!isRetentionMode(mode))
      throw new S3Error('MalformedXML', 'DefaultRetention Mode must be GOVERNANCE or COMPLIANCE.');
    const days = positiveInt(xmlText(dr.Days));
    const years = positiveInt(xmlText(dr.Years));
    if ((days === undefined) === (years === undefined)) {
      throw new S3Error('MalformedXML', 'DefaultRetention must specify exactly one of Days or Years.');
    }
    rule = { mode, ...(days ? { days } : {}), ...(years ? { years } : {}) };
  }
  const info = await ctx.layer.getBucketInfo(req.bucket);
  if (!info.objectLockEnabled) {
    throw new S3Error(
      'InvalidBucketState',
      'Object Lock configuration cannot be enabled on existing buckets',
      {
        BucketName: req.bucket,
      },
    );
  }
  await ctx.layer.putBucketConfig(req.bucket, 'object-lock', Buffer.from(JSON.stringify({ rule })));
  return { status: 200 };
};
