// SPDX-License-Identifier: Apache-2.0
/**
 * The madmin wire types on the store's side: request bodies checked against the schemas of
 * `@stowage/madmin` (the ones its client sends), and the conversions the answers need.
 */
import {
  type BucketQuota,
  bucketQuotaSchema,
  checkWire,
  type PolicyDocument,
  type WireSchema,
  type WireType,
} from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';

/**
 * A request body (already parsed as a JSON object) checked against its madmin schema;
 * XMinioAdminInvalidArgument naming the field when it does not match.
 */
export function requestBody<S extends WireSchema>(schema: S, body: object): WireType<S> {
  const checked = checkWire(schema, body);
  if (!checked.ok)
    throw new S3Error('XMinioAdminInvalidArgument', `invalid request body: ${checked.problem}`);
  return checked.value;
}

/**
 * A policy document of the store's IAM as the wire type. IAM keeps documents as they were parsed from
 * JSON (and validated), so they are JSON objects.
 */
export function policyDocument(doc: Record<string, unknown>): PolicyDocument {
  return doc as PolicyDocument;
}

/** A bucket's stored quota configuration, or null when it has none (or it is not a quota). */
export function storedQuota(raw: Buffer | null): BucketQuota | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
  const checked = checkWire(bucketQuotaSchema, value);
  return checked.ok ? checked.value : null;
}
