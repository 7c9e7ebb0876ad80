// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { S3Handler } from '../types.js';
import { parseXml, xmlText } from '../xml.js';

/**
 * S3 API: RestoreObject (POST ?restore) for versions transitioned to a remote tier: a temporary local
 * copy for `Days` days. 202 when the copy is made, 200 when one was there and its expiry moved;
 * InvalidObjectState for a version that is not on a tier. SELECT restores are not supported.
 */
export const restoreObject: S3Handler = async (req, ctx) => {
  const doc = parseXml(await req.readBody(64 * 1024), 'RestoreRequest');
  if (xmlText(doc.Type) === 'SELECT')
    throw new S3Error('NotImplemented', 'Restore of type SELECT is not supported');
  const daysText = xmlText(doc.Days);
  if (daysText === undefined) throw new S3Error('MalformedXML', 'The restore request needs Days');
  const days = Number(daysText);
  if (!/^\d+$/.test(daysText) || days < 1)
    throw new S3Error('InvalidArgument', 'Days must be a positive integer');
  if (!ctx.tiers)
    throw new S3Error('InvalidObjectState', "Restore is not allowed for the object's current storage class");
  const versionId = req.query.get('versionId') ?? undefined;
  const result = await ctx.tiers.restore(req.bucket, req.key, versionId, days);
  return { status: result === 'restored' ? 202 : 200 };
};
